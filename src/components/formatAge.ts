import type { IntlShape } from 'react-intl';
import { appIntl } from '../i18n/index.ts';

/** "just now", "12 min ago", "3 h 5 min ago", or "on" the date and time for older. */
export function formatAge(ms: number, at: Date, intl: IntlShape = appIntl()): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) {
    return intl.formatMessage({
      defaultMessage: 'just now',
      id: 'GobKsP',
      description: 'How long ago a record was saved on the tablet, as in "saved just now"',
    });
  }
  if (minutes < 60) {
    return intl.formatMessage(
      {
        defaultMessage: '{minutes, plural, one {# min ago} other {# min ago}}',
        id: 'fKLdXK',
        description: 'How long ago a record was saved on the tablet, as in "saved 12 min ago"',
      },
      { minutes },
    );
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    return intl.formatMessage(
      {
        defaultMessage: '{hours} h {minutes} min ago',
        id: 'qjdHrj',
        description: 'How long ago a record was saved on the tablet, as in "saved 3 h 5 min ago"',
      },
      { hours, minutes: minutes % 60 },
    );
  }
  return intl.formatMessage(
    {
      defaultMessage: 'on {date}',
      id: 'xlyPQl',
      description: 'When a record was saved on the tablet, as in "saved on 27 Nov 2026, 06:00"',
    },
    { date: intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' }) },
  );
}
