import { FAILURE_WORDS, WordedError } from '../../failures/failures.ts';

/** Signed download URLs, each asked for close to the moment its file is fetched. */
export interface UrlSource {
  /** The URL for `id`: from the batch asked for with the files before it, or a new batch from `id` on. */
  take(id: number): Promise<string>;
  /** A new URL for `id` alone, asked now (the one before expired or failed). */
  fresh(id: number): Promise<string>;
}

/** Asks the API for the signed URLs of up to a batch of attachments; a missing id has no entry. */
export type UrlFetcher = (ids: number[]) => Promise<Map<number, string>>;

/**
 * URLs for files fetched in `order`: when a file's turn comes and it has none, one query asks for it
 * and the next `batchSize - 1` files' (the URL of file 180 is not asked for while file 1 streams, so it
 * has not expired by its turn). Each URL is handed out once.
 */
export function batchedUrls(order: readonly number[], fetchUrls: UrlFetcher, batchSize: number): UrlSource {
  const waiting = new Map<number, string>();
  const asked = new Set<number>();
  const gone = (): never => {
    throw new WordedError(FAILURE_WORDS.noDownloadUrl);
  };
  return {
    async take(id) {
      if (!waiting.has(id)) {
        const start = Math.max(0, order.indexOf(id));
        const batch = [id, ...order.slice(start + 1).filter((next) => !asked.has(next) && next !== id)];
        const ids = batch.slice(0, batchSize);
        ids.forEach((next) => asked.add(next));
        for (const [key, url] of await fetchUrls(ids)) waiting.set(key, url);
      }
      const url = waiting.get(id);
      waiting.delete(id);
      return url ?? gone();
    },
    async fresh(id) {
      waiting.delete(id);
      return (await fetchUrls([id])).get(id) ?? gone();
    },
  };
}
