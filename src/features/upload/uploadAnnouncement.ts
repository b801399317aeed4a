import type { IntlShape } from 'react-intl';
import type { UploadEvent } from '../../upload/uploadQueue.ts';
import { displayFilename } from '../../components/displayFilename.ts';
import { appIntl } from '../../i18n/index.ts';

export interface Announcement {
  color: 'green' | 'red';
  title: string;
  message: string;
}

/** One sentence per outcome for a batch of events, e.g. "3 files attached to Part BRKT-001". */
export function announce(events: readonly UploadEvent[], intl: IntlShape = appIntl()): Announcement[] {
  const attachedTo = new Map<string, number>();
  const failed = events.filter((event) => event.type === 'failed').map((event) => event.entry);
  for (const event of events) {
    if (event.type !== 'attached') continue;
    const label = event.entry.target.label;
    attachedTo.set(label, (attachedTo.get(label) ?? 0) + 1);
  }
  const result: Announcement[] = [...attachedTo].map(([record, count]) => ({
    color: 'green',
    title: intl.formatMessage({
      defaultMessage: 'Attached',
      id: 'B7/2Kp',
      description: 'Notification title: files were attached',
    }),
    message: intl.formatMessage(
      {
        defaultMessage:
          '{count, plural, one {# file attached to {record}.} other {# files attached to {record}.}}',
        id: '7vEAZ4',
      },
      { count, record },
    ),
  }));
  if (failed.length === 1) {
    const [entry] = failed;
    result.push({
      color: 'red',
      title: intl.formatMessage({ defaultMessage: 'Upload failed', id: 'f00p/7' }),
      message: intl.formatMessage(
        { defaultMessage: '“{filename}” was not attached to {record}: {reason}', id: 'F74vtD' },
        {
          filename: displayFilename(entry!.filename).text,
          record: entry!.target.label,
          reason:
            entry!.reason ??
            intl.formatMessage({
              defaultMessage: 'unknown reason',
              id: 'B6CZKK',
              description: 'Why an upload failed, when not known',
            }),
        },
      ),
    });
  } else if (failed.length > 1) {
    result.push({
      color: 'red',
      title: intl.formatMessage({ defaultMessage: 'Uploads failed', id: 'VUL79W' }),
      message: intl.formatMessage(
        {
          defaultMessage:
            '{count, plural, one {# file was not attached.} other {# files were not attached.}} Open Uploads to see why and retry.',
          id: 'eEHRpG',
        },
        { count: failed.length },
      ),
    });
  }
  return result;
}
