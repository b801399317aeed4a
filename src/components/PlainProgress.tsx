import { useIntl } from 'react-intl';
import classes from './PlainProgress.module.css';

/** Mantine's progress bar drawn with two plain elements: upload rows draw one each, many per second. */
export function PlainProgress({
  value,
  label,
  color = 'blue',
  size = 'sm',
  striped = false,
  className,
}: {
  /** 0 to 100. */
  value: number;
  /** The bar's accessible name. */
  label: string;
  /** A theme colour's name; its filled shade is drawn. */
  color?: string;
  size?: 'sm' | 'md';
  striped?: boolean;
  className?: string;
}) {
  const intl = useIntl();
  return (
    <div className={className ? `${classes.root} ${className}` : classes.root} data-size={size}>
      <div
        className={classes.section}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1 })}
        data-striped={striped || undefined}
        style={{ width: `${value}%`, backgroundColor: `var(--mantine-color-${color}-filled)` }}
      />
    </div>
  );
}
