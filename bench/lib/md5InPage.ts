import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { NotReady } from './benchmark.ts';

/** The app's MD5 worker as built (dist/assets/md5.worker-<hash>.js), as a path on the app's origin. */
export function md5WorkerPath(repoRoot: string): string {
  const assets = path.join(repoRoot, 'dist/assets');
  const worker = readdirSync(assets).find((name) => /^md5\.worker-[\w-]+\.js$/.test(name));
  if (!worker) throw new NotReady('the build has no MD5 worker (dist/assets/md5.worker-*.js)');
  return `/assets/${worker}`;
}

/**
 * MB/s of the upload's MD5 fallback (used when the ETag cannot be read) over a file from disk: the
 * app's own worker, started from a page of the app as the upload starts it, handed the disk-backed
 * File, timed from the message to its answer.
 */
export async function md5SpeedOfAppWorker(page: Page, workerPath: string, file: string): Promise<number> {
  await page.evaluate(() => {
    if (document.getElementById('bench-md5-source')) return;
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'bench-md5-source';
    input.hidden = true;
    document.body.append(input);
  });
  await page.setInputFiles('#bench-md5-source', file);
  return page.evaluate(async (url) => {
    const source = (document.getElementById('bench-md5-source') as HTMLInputElement).files![0]!;
    const worker = new Worker(url, { type: 'module' });
    try {
      const start = performance.now();
      const answer = await new Promise<{ md5?: string; error?: string }>((resolve, reject) => {
        worker.onmessage = (event: MessageEvent<{ md5?: string; error?: string }>) => resolve(event.data);
        worker.onerror = (event) => reject(new Error(`MD5 worker: ${event.message}`));
        worker.postMessage(source);
      });
      if (!answer.md5) throw new Error(`MD5 worker: ${answer.error ?? 'no answer'}`);
      return source.size / (1024 * 1024) / ((performance.now() - start) / 1000);
    } finally {
      worker.terminate();
    }
  }, workerPath);
}
