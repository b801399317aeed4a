interface ImageCaptureLike {
  takePhoto(): Promise<Blob>;
}
type ImageCaptureConstructor = new (track: MediaStreamTrack) => ImageCaptureLike;

const photoJpegQuality = 0.92;

/**
 * A full-resolution still, always a JPEG: ImageCapture.takePhoto where the browser has it (the
 * sensor's full size, not the preview's), else the current video frame drawn as it is (never
 * mirrored). Some cameras hand takePhoto a PNG (Chromium's fake one does): it is encoded as JPEG, so
 * the photo's name, type and bytes agree and the queue makes it lighter like any other photo.
 */
export async function takePhoto(video: HTMLVideoElement, track: MediaStreamTrack): Promise<Blob> {
  const ImageCapture = (globalThis as { ImageCapture?: ImageCaptureConstructor }).ImageCapture;
  if (ImageCapture) {
    let still: Blob | null = null;
    try {
      still = await new ImageCapture(track).takePhoto();
    } catch {
      // Some cameras refuse takePhoto (virtual and fake ones among them); the frame still serves.
    }
    if (still) return still.type === 'image/jpeg' ? still : asJpeg(await createImageBitmap(still));
  }
  if (video.videoWidth === 0) throw new Error('The camera has not shown a picture yet.');
  return asJpeg(video);
}

/** A picture (a decoded still or the video's current frame) drawn at its own size and encoded as JPEG. */
function asJpeg(picture: ImageBitmap | HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = picture instanceof HTMLVideoElement ? picture.videoWidth : picture.width;
  canvas.height = picture instanceof HTMLVideoElement ? picture.videoHeight : picture.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The photo could not be taken.');
  context.drawImage(picture, 0, 0);
  if (!(picture instanceof HTMLVideoElement)) picture.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be taken.'))),
      'image/jpeg',
      photoJpegQuality,
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
