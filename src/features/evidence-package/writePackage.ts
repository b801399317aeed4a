import { makeZip } from 'client-zip';
import { fileBytes, measureFile, openWithRetry, type FetchDeps } from './fetchFile.ts';
import { manifestCsv, manifestHtml, type ManifestWords } from './manifest.ts';
import type { FileOutcome, PackagePlan } from './packageTypes.ts';
import { workPool } from '../../lib/workPool.ts';

/** How far a package has come. */
export interface PackageProgress {
  files: number;
  filesTotal: number;
  bytes: number;
  bytesTotal: number;
}

/** Sizes read at once before a package starts (one ranged GET each). */
const MEASURE_CONCURRENCY = 6;

/**
 * Each file's size as storage states it (null for a file storage would not answer for), read before
 * the package starts so the person is told its size first.
 */
export async function measurePlan(
  plan: PackagePlan,
  deps: FetchDeps,
  signal: AbortSignal,
  onMeasured: (done: number) => void,
): Promise<Map<number, number | null>> {
  const sizes = new Map<number, number | null>();
  const pool = workPool<number>(MEASURE_CONCURRENCY, async (id) => {
    try {
      sizes.set(id, await measureFile(id, deps, signal));
    } catch (error) {
      if (signal.aborted) throw error;
      sizes.set(id, null);
    }
    onMeasured(sizes.size);
  });
  plan.files.forEach((file) => pool.add(file.attachmentId));
  pool.close();
  await pool.done;
  return sizes;
}

/**
 * Streams the package into `sink` as it is built, one file after another, never the whole in memory:
 * each file's URL asked for at its turn (with the next few), its bytes hashed as they pass, then
 * `index.csv` and `index.html` listing every file and what became of it. A file storage never gave
 * is listed as missing, not left out silently. Rejects when `signal` aborts (the sink is aborted too).
 */
export async function writePackage(options: {
  plan: PackagePlan;
  sizes: ReadonlyMap<number, number | null>;
  deps: FetchDeps;
  sink: WritableStream<Uint8Array>;
  signal: AbortSignal;
  words: (outcomes: FileOutcome[]) => ManifestWords;
  lang: string;
  onProgress: (progress: PackageProgress) => void;
}): Promise<FileOutcome[]> {
  const { plan, sizes, deps, signal } = options;
  const progress: PackageProgress = {
    files: 0,
    filesTotal: plan.files.length,
    bytes: 0,
    bytesTotal: [...sizes.values()].reduce<number>((sum, size) => sum + (size ?? 0), 0),
  };
  const outcomes: FileOutcome[] = [];
  const tell = () => options.onProgress({ ...progress });
  async function* entries() {
    for (const file of plan.files) {
      const outcome: FileOutcome = {
        file,
        check: 'missing',
        bytes: 0,
        expectedBytes: sizes.get(file.attachmentId) ?? null,
        md5: null,
        etag: null,
        problem: null,
      };
      outcomes.push(outcome);
      let opened: Response;
      try {
        opened = await openWithRetry(file.attachmentId, null, deps, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        outcome.problem = error instanceof Error ? error.message : String(error);
        progress.files += 1;
        tell();
        continue;
      }
      yield {
        name: file.zipPath,
        lastModified: file.addedAt ? new Date(file.addedAt) : new Date(),
        input: fileBytes(file, opened, deps, signal, outcome, (count) => {
          progress.bytes += count;
          tell();
        }),
      };
      progress.files += 1;
      tell();
    }
    const words = options.words(outcomes);
    const now = new Date();
    yield { name: 'index.csv', lastModified: now, input: manifestCsv(plan.heading, outcomes, words) };
    yield {
      name: 'index.html',
      lastModified: now,
      input: manifestHtml(plan.heading, outcomes, words, options.lang),
    };
  }
  tell();
  await makeZip(entries()).pipeTo(options.sink, { signal });
  return outcomes;
}
