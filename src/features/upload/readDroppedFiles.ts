import type { DropEvent } from 'react-dropzone';
import { appIntl } from '../../i18n/index.ts';

type FileSource = DropEvent | Array<FileSystemFileHandle>;

const refusedByDrop = new WeakMap<object, string[]>();

/** Names of the folders (and unreadable items) that readDroppedFiles left out of this drop. */
export function refusedInDrop(event: object): string[] {
  return refusedByDrop.get(event) ?? [];
}

/**
 * A react-dropzone `getFilesFromEvent` that refuses folders instead of expanding them (a technician
 * dropping a folder on a record more likely meant a file from it, and a deep tree would flood the
 * queue); what it refused is read back with refusedInDrop(event). The items are read synchronously,
 * while the browser still gives access to the DataTransfer; their sizes after it (withKnownSizes).
 */
export function readDroppedFiles(event: FileSource): Promise<Array<File | DataTransferItem>> {
  if (Array.isArray(event)) return Promise.resolve([]);
  const transfer = 'dataTransfer' in event ? event.dataTransfer : null;
  if (!transfer) {
    const input = event.target as HTMLInputElement | null;
    return withKnownSizes(input?.files ? Array.from(input.files) : []);
  }
  // During the drag only the items' kinds are known; they drive the overlay.
  if (event.type !== 'drop') return Promise.resolve(fileItems(transfer));
  const files: File[] = [];
  const refused: string[] = [];
  for (const item of fileItems(transfer)) {
    const entry = item.webkitGetAsEntry?.();
    const file = item.getAsFile();
    if (entry?.isDirectory || !file) {
      refused.push(
        entry?.name ??
          file?.name ??
          appIntl().formatMessage({
            defaultMessage: 'a folder',
            id: 'hPsoPp',
            description: 'An item dropped without a name, in "“a folder” is a folder or not a file"',
          }),
      );
    } else files.push(file);
  }
  refusedByDrop.set(event, refused);
  return withKnownSizes(files);
}

/** How long one task may spend asking the disk for sizes before the page gets the thread back. */
const SIZES_SLICE_MS = 8;

/**
 * withKnownSize for each file, in slices of a few milliseconds with a task between them: on the
 * tablet profile a 30-file drop spent 97 ms of its one 220 ms task on these sizes (about 3 ms a
 * file), and a tap during a drop of hundreds would wait for all of them.
 */
async function withKnownSizes(files: readonly File[]): Promise<File[]> {
  const known: File[] = [];
  let sliceStart = performance.now();
  for (const file of files) {
    if (performance.now() - sliceStart > SIZES_SLICE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      sliceStart = performance.now();
    }
    known.push(withKnownSize(file));
  }
  return known;
}

/**
 * The same file, its size read once. A file the browser took from the disk (dropped or chosen) asks
 * the disk for its size at every read of `size`, synchronously: react-dropzone reads it three times a
 * file, the queue and the duplicate check more, and the tablet profile of a 30-file drop spent 330 ms
 * of one task there. A File made of it holds its size (the bytes stay on disk, streamed when sent or
 * stored). `lastModified` is not carried over (another read of the disk; nothing here uses it).
 */
export function withKnownSize(file: File): File {
  return new File([file], file.name, { type: file.type });
}

function fileItems(transfer: DataTransfer): DataTransferItem[] {
  return Array.from(transfer.items).filter((item) => item.kind === 'file');
}

/** True when a drop carries no file at all (dragged text, a link, an image from another page). */
export function carriesNoFiles(transfer: DataTransfer | null): boolean {
  return transfer !== null && !Array.from(transfer.types).includes('Files');
}

/** The files in a paste (a screenshot, files copied in the file manager). */
export function pastedFiles(event: ClipboardEvent, now = new Date()): File[] {
  const items = event.clipboardData ? Array.from(event.clipboardData.items) : [];
  return items.flatMap((item) => {
    const file = item.kind === 'file' ? item.getAsFile() : null;
    return file ? [datedIfGeneric(file, now)] : [];
  });
}

/**
 * Browsers name every pasted picture "image.png": ten of them on a record could not be told apart.
 * Such a name becomes "Screenshot 2026-11-23 10.41.05.png" (local time; no colons, which some
 * systems refuse in names); a pasted file with a name of its own keeps it.
 */
export function datedIfGeneric(file: File, now: Date): File {
  const generic = /^image\.(png|jpe?g|gif|webp|bmp|tiff?)$/i.exec(file.name);
  if (!generic) return file;
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  const time = `${two(now.getHours())}.${two(now.getMinutes())}.${two(now.getSeconds())}`;
  return new File([file], `Screenshot ${date} ${time}.${generic[1]!.toLowerCase()}`, {
    type: file.type,
    lastModified: file.lastModified,
  });
}
