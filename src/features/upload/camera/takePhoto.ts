interface ImageCaptureLike {
  takePhoto(): Promise<Blob>;
}
type ImageCaptureConstructor = new (track: MediaStreamTrack) => ImageCaptureLike;

/**
 * A full-resolution still: ImageCapture.takePhoto where the browser has it (the sensor's full size,
 * not the preview's), else the current video frame drawn as it is (never mirrored).
 */
export async function takePhoto(video: HTMLVideoElement, track: MediaStreamTrack): Promise<Blob> {
  const ImageCapture = (globalThis as { ImageCapture?: ImageCaptureConstructor }).ImageCapture;
  if (ImageCapture) {
    try {
      return await new ImageCapture(track).takePhoto();
    } catch {
      // Some cameras refuse takePhoto (virtual and fake ones among them); the frame still serves.
    }
  }
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0) throw new Error('The camera has not shown a picture yet.');
  context.drawImage(video, 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be taken.'))),
      'image/jpeg',
      0.92,
    ),
  );
}

/** `photo-2026-11-23-1402-05-3.jpg`: sorts by time, tells shots of one burst apart. */
export function photoFilename(at: Date, shot: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  const time = `${pad(at.getHours())}${pad(at.getMinutes())}-${pad(at.getSeconds())}`;
  return `photo-${day}-${time}-${shot}.jpg`;
}
