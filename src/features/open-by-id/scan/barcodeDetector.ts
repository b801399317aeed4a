/** What the labels on a shop floor carry: QR (the app's own labels), Code 128 and Data Matrix. */
const FORMATS = ['qr_code', 'code_128', 'data_matrix'] as const;

export interface Detector {
  detect(source: HTMLVideoElement | ImageBitmap): Promise<{ rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * The browser's own BarcodeDetector when it reads all three formats (Android, ChromeOS, macOS), else
 * ZXing in WebAssembly. The .wasm file is bundled with the app and served by it, never fetched from a
 * CDN; both load only when a technician first scans with the camera.
 */
export async function createBarcodeDetector(): Promise<Detector> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
    if (FORMATS.every((format) => supported.includes(format))) return new Native({ formats: [...FORMATS] });
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...FORMATS] });
}

/** A short beep and a buzz: the technician hears the scan landed without looking at the screen. */
export function signalScanned(): void {
  navigator.vibrate?.(80);
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = 1_760;
    volume.gain.value = 0.15;
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.12);
    tone.onended = () => void audio.close();
  } catch {
    // No sound on this device: the page change still shows the scan landed.
  }
}
