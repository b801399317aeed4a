import type { CSSProperties, ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { RECORD_ROUTES, type RecordRef } from '../records/recordKinds.ts';
import readable from './readable.module.css';

/** A link to a record's page, whatever its kind, in the readable link style. */
export function RecordAnchor({
  record,
  className,
  style,
  prominent,
  children,
}: {
  record: RecordRef;
  /** Added to the readable link style. */
  className?: string;
  style?: CSSProperties;
  /** Set as `data-prominent`, for a style that makes one link stand out. */
  prominent?: boolean;
  children: ReactNode;
}) {
  return (
    <Anchor
      className={className ? `${readable.link} ${className}` : readable.link}
      data-prominent={prominent || undefined}
      renderRoot={(props) => (
        // Every record route takes the same `$id` param; one Link cannot type-check a union of routes.
        <Link
          {...props}
          to={RECORD_ROUTES[record.kind] as (typeof RECORD_ROUTES)['run']}
          params={{ id: String(record.id) }}
        />
      )}
      style={style}
    >
      {children}
    </Anchor>
  );
}
