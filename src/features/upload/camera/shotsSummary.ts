import type { IntlShape } from 'react-intl';
import { appIntl } from '../../../i18n/index.ts';
import { overallProgress } from '../../../upload/describeUpload.ts';
import type { UploadEntry } from '../../../upload/types.ts';

/**
 * What the camera says of its shots. Each one goes to the queue as it is taken, so the camera never
 * offers to "attach" them: it says how far they are ("2 photos attached, 1 photo on the way").
 */
export function shotsSummary(
  entries: readonly UploadEntry[],
  intl: IntlShape = appIntl(),
  /** Shots pressed whose photos are not in the queue yet: on the way too. */
  taking = 0,
): string {
  const progress = overallProgress(entries);
  const { attached, failed } = progress;
  const active = progress.active + taking;
  const parts = [
    attached > 0 &&
      intl.formatMessage(
        { defaultMessage: '{count, plural, one {# photo attached} other {# photos attached}}', id: 'WCulO9' },
        { count: attached },
      ),
    active > 0 &&
      intl.formatMessage(
        {
          defaultMessage: '{count, plural, one {# photo on the way} other {# photos on the way}}',
          id: 'SjWZ8o',
        },
        { count: active },
      ),
    failed > 0 &&
      intl.formatMessage(
        {
          defaultMessage:
            '{count, plural, one {# photo failed: see the uploads on the page} other {# photos failed: see the uploads on the page}}',
          id: 'wZiv7q',
        },
        { count: failed },
      ),
  ].filter((part): part is string => Boolean(part));
  if (parts.length === 0) return '';
  return parts.reduce((first, second) =>
    intl.formatMessage(
      {
        defaultMessage: '{first}, {second}',
        id: 'YAiFeS',
        description: 'Joins the items of a list, e.g. "1 photo attached, 2 photos on the way"',
      },
      { first, second },
    ),
  );
}
