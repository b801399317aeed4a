import { createRequire } from 'node:module';
import type { Browser } from '@playwright/test';
import { benchContext } from './browser.ts';

const require = createRequire(import.meta.url);

/**
 * MB/s of hash-wasm's streaming MD5 (the upload's fallback when the ETag cannot be read) over a file
 * from disk, in a blank Chromium page, reading 4 MB slices as the fallback does.
 */
export async function md5SpeedInPage(browser: Browser, file: string): Promise<number> {
  const context = await benchContext(browser);
  const page = await context.newPage();
  try {
    await page.setContent('<input type="file" id="source">');
    await page.addScriptTag({ path: require.resolve('hash-wasm/dist/md5.umd.min.js') });
    await page.setInputFiles('#source', file);
    return await page.evaluate(async () => {
      const source = (document.getElementById('source') as HTMLInputElement).files![0]!;
      const hashwasm = (
        window as unknown as {
          hashwasm: { createMD5(): Promise<{ init(): void; update(d: Uint8Array): void; digest(): string }> };
        }
      ).hashwasm;
      const start = performance.now();
      const md5 = await hashwasm.createMD5();
      md5.init();
      const slice = 4 * 1024 * 1024;
      for (let offset = 0; offset < source.size; offset += slice) {
        md5.update(new Uint8Array(await source.slice(offset, offset + slice).arrayBuffer()));
      }
      md5.digest();
      return source.size / (1024 * 1024) / ((performance.now() - start) / 1000);
    });
  } finally {
    await context.close();
  }
}
