import type { IntlShape } from 'react-intl';
import { appIntl } from '../i18n/index.ts';

const units = ['B', 'KB', 'MB', 'GB', 'TB'];

/**
 * "1.5 MB": sizes and speeds as a technician reads them (powers of 1024, one decimal above KB), the
 * number written the way the language writes it ("1,5 MB" in German); the unit symbols are the same
 * in every language the app speaks.
 */
export function formatBytes(bytes: number, intl: IntlShape = appIntl()): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit >= 2 && value < 100 ? 1 : 0;
  const number = intl.formatNumber(value, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
  return `${number} ${units[unit]}`;
}
