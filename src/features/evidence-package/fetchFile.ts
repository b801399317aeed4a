import { createMD5 } from 'hash-wasm';
import { storageRefused, StoredFileError } from '../attachments/index.ts';
import { FAILURE_WORDS } from '../../failures/failures.ts';
import { backoffDelay, type BackoffOptions } from '../../lib/backoff.ts';
import { sleep as wait } from '../../lib/sleep.ts';
import type { UrlSource } from './packageUrls.ts';
import type { FileOutcome, PackageFile } from './packageTypes.ts';

/** What fetching a package's files needs; tests give their own fetch and clock. */
export interface FetchDeps {
  urls: UrlSource;
  fetch?: typeof fetch;
  /** Tries of one read before the file is called failed (the first with its batch's URL, the rest fresh). */
  attempts?: number;
  backoff?: BackoffOptions;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const FILE_ATTEMPTS = 4;
const FILE_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 8_000 };

async function requestOnce(
  url: string,
  range: string | null,
  deps: FetchDeps,
  signal: AbortSignal,
): Promise<Response> {
  let response: Response;
  try {
    // no-store: a URL an <img> loaded first may sit in the HTTP cache without CORS headers.
    response = await (deps.fetch ?? fetch)(url, {
      signal,
      cache: 'no-store',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      headers: range ? { Range: range } : undefined,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new StoredFileError(FAILURE_WORDS.storageUnreachable, null);
  }
  if (response.ok || response.status === 416) return response;
  return storageRefused(response);
}

/**
 * Opens a stored file (from byte `offset` on, or only the `range` asked). An expired link (403), a
 * dropped connection or a busy storage is tried again with a fresh URL after a backoff, up to `attempts`
 * times in all; a file storage does not have (404) is not. `first` says whether the batch's URL may be
 * used for the first try.
 */
export async function openWithRetry(
  id: number,
  range: string | null,
  deps: FetchDeps,
  signal: AbortSignal,
  first = true,
): Promise<Response> {
  const attempts = deps.attempts ?? FILE_ATTEMPTS;
  const pause = deps.sleep ?? wait;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const url = attempt === 1 && first ? await deps.urls.take(id) : await deps.urls.fresh(id);
      return await requestOnce(url, range, deps, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      const permanent = error instanceof StoredFileError && error.status === 404;
      if (permanent || attempt >= attempts) throw error;
      const asked = error instanceof StoredFileError ? error.retryAfterMs : null;
      await pause(Math.min(asked ?? backoffDelay(attempt, deps.backoff ?? FILE_BACKOFF), 30_000), signal);
    }
  }
}

/** The size storage says a file has, read by asking for its first byte (a presigned GET allows no HEAD). */
export async function measureFile(id: number, deps: FetchDeps, signal: AbortSignal): Promise<number> {
  const response = await openWithRetry(id, 'bytes=0-0', deps, signal);
  await response.body?.cancel().catch(() => undefined);
  const total = /\/(\d+)\s*$/.exec(response.headers.get('Content-Range') ?? '');
  if (total) return Number(total[1]);
  if (response.status === 416) return 0;
  return Number(response.headers.get('Content-Length') ?? 0);
}

/** The MD5 an ETag names: a single-part upload's ETag is its MD5 in quotes; a multipart one's is not. */
export function etagMd5(etag: string | null): string | null {
  const bare = (etag ?? '').replace(/^W\//, '').replaceAll('"', '').trim().toLowerCase();
  return /^[0-9a-f]{32}$/.test(bare) ? bare : null;
}

/** Where a response starts in the file: a 206's Content-Range start, else 0 (storage sent it all). */
function startOf(response: Response): number {
  if (response.status !== 206) return 0;
  const match = /bytes\s+(\d+)-/.exec(response.headers.get('Content-Range') ?? '');
  return match ? Number(match[1]) : 0;
}

/**
 * A file's bytes for the ZIP, as they come, hashed (MD5) on the way. A read that breaks off is taken up
 * where it stopped with a fresh URL (a range request; from a storage that ignores ranges, the bytes
 * already written are skipped), with the same retries as the first; when they run out the entry ends
 * short and the outcome says so. `outcome` is filled in as the bytes pass.
 */
export async function* fileBytes(
  file: PackageFile,
  opened: Response,
  deps: FetchDeps,
  signal: AbortSignal,
  outcome: FileOutcome,
  onBytes: (count: number) => void,
): AsyncGenerator<Uint8Array> {
  const md5 = await createMD5();
  md5.init();
  outcome.etag = opened.headers.get('ETag')?.replaceAll('"', '') ?? null;
  let response: Response | null = opened;
  while (response) {
    let skip = outcome.bytes - startOf(response);
    const reader = response.body!.getReader();
    response = null;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        let chunk = value;
        if (skip > 0) {
          chunk = value.subarray(Math.min(skip, value.length));
          skip -= value.length - chunk.length;
          if (chunk.length === 0) continue;
        }
        md5.update(chunk);
        outcome.bytes += chunk.length;
        onBytes(chunk.length);
        yield chunk;
      }
    } catch (error) {
      if (signal.aborted) throw error;
      try {
        response = await openWithRetry(file.attachmentId, `bytes=${outcome.bytes}-`, deps, signal, false);
      } catch (again) {
        if (signal.aborted) throw again;
        outcome.problem = again instanceof Error ? again.message : String(again);
      }
    }
  }
  outcome.md5 = md5.digest('hex');
  const expected = etagMd5(outcome.etag);
  if (outcome.expectedBytes !== null && outcome.bytes < outcome.expectedBytes) {
    outcome.check = 'incomplete';
    outcome.problem ??= FAILURE_WORDS.storageUnreachable;
  } else if (expected === null) outcome.check = 'unchecked';
  else outcome.check = expected === outcome.md5 ? 'match' : 'mismatch';
}
