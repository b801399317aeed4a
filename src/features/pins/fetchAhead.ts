import type { RecordRef } from '../../records/recordKinds.ts';
import { attachmentType, httpUrl, openStoredFile, StoredFileError } from '../attachments/index.ts';
import {
  UnkeepableFile,
  type FetchedRecord,
  type KeepableAttachment,
  type KeptForm,
  type PinFetcher,
} from '../../pins/pinnedPorts.ts';
import { FAILURE_WORDS, WordedError } from '../../failures/failures.ts';
import { smallImageCopy } from './keptForms.ts';
import { videoPoster } from './videoPoster.ts';

/**
 * Files larger than this are not read to make a kept copy: a tablet tab holding a 1 GB scan would be
 * killed (the same limit as an in-memory download).
 */
export const KEEP_COPY_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * How an attachment is kept: images (not SVG, as for thumbnails) made small, PDFs as their first page,
 * clips as one frame.
 */
export function keptFormOf(
  contentType: string | null | undefined,
  filename: string | null | undefined,
): KeptForm | null {
  const type = attachmentType(contentType, filename);
  if (type === 'pdf') return 'pdf-first-page';
  if (type === 'video') return 'video-frame';
  if (
    type === 'image' &&
    !(contentType ?? '').toLowerCase().includes('svg') &&
    !/\.svg$/i.test(filename ?? '')
  ) {
    return 'image';
  }
  return null;
}

interface AttachmentLike {
  id?: unknown;
  filename?: string | null;
  contentType?: string | null;
  downloadUrl?: string | null;
}

interface RecordLike {
  entity?: { fileAttachments?: (AttachmentLike | null)[] | null } | null;
  steps?: ({ id?: unknown } | null)[] | null;
  fields?: ({ id?: unknown } | null)[] | null;
}

const ids = (items: ({ id?: unknown } | null)[] | null | undefined): number[] =>
  (items ?? []).flatMap((item) => (typeof item?.id === 'number' ? [item.id] : []));

/**
 * What a record page query's answer holds for pinning: the record is under its kind's name (the page
 * queries are named as the kinds), its attachments under `entity.fileAttachments`; a run pins its steps
 * and a run step its fields.
 */
export function readFetchedRecord(record: RecordRef, data: unknown): FetchedRecord {
  const found = (data as Record<string, RecordLike | null | undefined> | null)?.[record.kind];
  if (!found) throw new WordedError(FAILURE_WORDS.notFound);
  const attachments = (found.entity?.fileAttachments ?? []).flatMap((item): KeepableAttachment[] => {
    if (!item || typeof item.id !== 'number') return [];
    const form = keptFormOf(item.contentType, item.filename);
    const url = httpUrl(item.downloadUrl);
    return form && url ? [{ id: item.id, form, url }] : [];
  });
  const children: RecordRef[] =
    record.kind === 'run'
      ? ids(found.steps).map((id) => ({ kind: 'runStep', id }))
      : record.kind === 'runStep'
        ? ids(found.fields).map((id) => ({ kind: 'runStepField', id }))
        : [];
  return { attachments, children };
}

/**
 * Reads the bytes behind a signed URL as a download does (tried again, through a fresh URL when one can
 * be had, when the Wi-Fi or storage fails it); a file storage no longer has, or one too large to hold in
 * memory, has no kept copy however often it is tried.
 */
async function readBytes(
  url: string,
  signal: AbortSignal,
  freshUrl: (() => Promise<string>) | undefined,
): Promise<Blob> {
  let response: Response;
  try {
    response = await openStoredFile(url, { signal, freshUrl });
  } catch (error) {
    if (error instanceof StoredFileError && error.status === 404) {
      throw new UnkeepableFile('Storage no longer has this file.');
    }
    throw error;
  }
  if (Number(response.headers.get('content-length')) > KEEP_COPY_LIMIT_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw new UnkeepableFile('Too large to keep a copy of.');
  }
  return response.blob();
}

/**
 * A clip's frame, through the URL its record gave or, when that read fails (expired, the Wi-Fi), once
 * more through a fresh one. A clip the browser cannot decode has no kept copy however often it is tried.
 */
async function keepVideoFrame(
  attachment: KeepableAttachment,
  signal: AbortSignal,
  freshUrl: ((attachmentId: number) => Promise<string>) | undefined,
): Promise<Blob> {
  try {
    return await videoPoster(attachment.url, signal);
  } catch (error) {
    if (signal.aborted || !freshUrl || error instanceof UnkeepableFile) throw error;
  }
  return videoPoster(await freshUrl(attachment.id), signal);
}

/**
 * The network side of pinning: each record's own page query (asked of the server, so the kept records
 * hold what its page shows), and each keepable attachment read through the URL its record just gave
 * and made into its kept form.
 */
export function createPinFetcher(deps: {
  /** The record's page query, network-only; resolves to its data. */
  queryRecord(record: RecordRef): Promise<unknown>;
  /** A new signed URL of an attachment, for a try after storage or the network failed a read. */
  freshUrl?(attachmentId: number): Promise<string>;
  recordsFetched?(): Promise<void>;
}): PinFetcher {
  return {
    async fetchRecord(record) {
      return readFetchedRecord(record, await deps.queryRecord(record));
    },
    async keepCopy(attachment, signal) {
      const { freshUrl } = deps;
      if (attachment.form === 'video-frame') return keepVideoFrame(attachment, signal, freshUrl);
      const bytes = await readBytes(
        attachment.url,
        signal,
        freshUrl ? () => freshUrl(attachment.id) : undefined,
      );
      // pdf.js comes when the first PDF is kept; failing to load it is the network's, not the file's.
      const draw =
        attachment.form === 'image' ? smallImageCopy : (await import('./pdfFirstPage.ts')).pdfFirstPage;
      try {
        return await draw(bytes);
      } catch (error) {
        // The bytes came but could not be drawn (a damaged file, a HEIC photo outside Safari).
        throw new UnkeepableFile(error instanceof Error ? error.message : String(error));
      }
    },
    recordsFetched: deps.recordsFetched,
  };
}
