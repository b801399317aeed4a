import { createMD5 } from 'hash-wasm';

/** Pieces small enough that a phone never holds a large file in memory at once. */
const chunkBytes = 4 * 1024 * 1024;

self.onmessage = async (event: MessageEvent<Blob>) => {
  try {
    const md5 = await createMD5();
    md5.init();
    const blob = event.data;
    for (let offset = 0; offset < blob.size; offset += chunkBytes) {
      md5.update(new Uint8Array(await blob.slice(offset, offset + chunkBytes).arrayBuffer()));
    }
    self.postMessage({ md5: md5.digest('hex') });
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
