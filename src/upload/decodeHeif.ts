import createLibheif from 'libheif-js/libheif-wasm/libheif.js';
import wasmUrl from 'libheif-js/libheif-wasm/libheif.wasm?url';

/** The part of libheif-js's own JavaScript API (not in its generated typings) that decoding needs. */
interface HeifImage {
  get_width(): number;
  get_height(): number;
  is_primary(): boolean;
  display(target: ImageData, done: (result: ImageData | null) => void): void;
  free(): void;
}

interface Libheif {
  HeifDecoder: new () => { decoder: number | null; decode(data: Uint8Array): HeifImage[] };
  heif_context_free(context: number): void;
}

let libheif: Promise<Libheif> | undefined;

/**
 * libheif compiled to WebAssembly: the .wasm is bundled with the app and served by it (never a CDN),
 * and is fetched only the first time a browser without its own HEIC decoder meets a HEIC photo.
 */
function loadLibheif(): Promise<Libheif> {
  libheif ??= fetchWasm()
    .then(
      (wasmBinary) =>
        new Promise<Libheif>((resolve, reject) => {
          // This build compiles its .wasm synchronously (fine in a worker) and builds the module onto the
          // object it is given, possibly before returning: the binary is fetched first, asynchronously.
          const module = {
            wasmBinary,
            onRuntimeInitialized: () => resolve(module as unknown as Libheif),
            onAbort: (reason: unknown) =>
              reject(new Error(`The HEIC decoder could not start: ${String(reason)}`)),
          };
          createLibheif(module);
        }),
    )
    .catch((error: unknown) => {
      // Not kept as failed: the next HEIC photo tries again (the network may be back).
      libheif = undefined;
      throw error;
    });
  return libheif;
}

async function fetchWasm(): Promise<ArrayBuffer> {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`The HEIC decoder could not be loaded (HTTP ${response.status}).`);
  return response.arrayBuffer();
}

/**
 * The photo's primary image as a bitmap. libheif applies the HEIF rotation and mirroring (irot/imir)
 * while decoding, which is where a HEIC carries its orientation, so the bitmap already stands upright.
 */
export async function decodeHeif(file: Blob): Promise<ImageBitmap> {
  const [lib, bytes] = await Promise.all([loadLibheif(), file.arrayBuffer()]);
  const decoder = new lib.HeifDecoder();
  let images: HeifImage[] = [];
  try {
    images = decoder.decode(new Uint8Array(bytes));
    const image = images.find((candidate) => candidate.is_primary()) ?? images[0];
    if (!image) throw new Error('This HEIC file holds no image.');
    const pixels = await new Promise<ImageData>((resolve, reject) => {
      image.display(new ImageData(image.get_width(), image.get_height()), (result) =>
        result ? resolve(result) : reject(new Error('This HEIC photo could not be decoded.')),
      );
    });
    return await createImageBitmap(pixels);
  } finally {
    for (const image of images) image.free();
    if (decoder.decoder) lib.heif_context_free(decoder.decoder);
  }
}
