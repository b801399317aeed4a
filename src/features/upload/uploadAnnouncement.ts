import type { UploadEvent } from '../../upload/uploadQueue.ts';
import { displayFilename } from '../../components/displayFilename.ts';

export interface Announcement {
  color: 'green' | 'red';
  title: string;
  message: string;
}

function count(n: number): string {
  return n === 1 ? '1 file' : `${n} files`;
}

/** One sentence per outcome for a batch of events, e.g. "3 files attached to Part BRKT-001". */
export function announce(events: readonly UploadEvent[]): Announcement[] {
  const attachedTo = new Map<string, number>();
  const failed = events.filter((event) => event.type === 'failed').map((event) => event.entry);
  for (const event of events) {
    if (event.type !== 'attached') continue;
    const label = event.entry.target.label;
    attachedTo.set(label, (attachedTo.get(label) ?? 0) + 1);
  }
  const result: Announcement[] = [...attachedTo].map(([label, n]) => ({
    color: 'green',
    title: 'Attached',
    message: `${count(n)} attached to ${label}.`,
  }));
  if (failed.length === 1) {
    const [entry] = failed;
    result.push({
      color: 'red',
      title: 'Upload failed',
      message: `“${displayFilename(entry!.filename).text}” was not attached to ${entry!.target.label}: ${entry!.reason ?? 'unknown reason'}`,
    });
  } else if (failed.length > 1) {
    result.push({
      color: 'red',
      title: 'Uploads failed',
      message: `${count(failed.length)} were not attached. Open Uploads to see why and retry.`,
    });
  }
  return result;
}
