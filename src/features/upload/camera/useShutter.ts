import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useUploadQueue } from '../../../upload/uploadQueueContext.tsx';
import { FAILURE_WORDS, WordedError } from '../../../failures/failures.ts';
import type { UploadEntry, UploadTarget } from '../../../upload/types.ts';
import type { UploadQueue } from '../../../upload/uploadQueue.ts';
import type { CameraState } from '../../../components/camera/useCameraStream.ts';
import { frameThumbnail } from './frameThumbnail.ts';
import { pendingShots as appPendingShots, type PendingShot, type PendingShots } from './pendingShots.ts';
import { takePhoto, type JpegEncoder } from './takePhoto.ts';
import { nextCaptureName } from './captureName.ts';
import { stampCapture } from '../../../upload/photoExif.ts';
import { factsDescription } from '../../../records/recordFacts.ts';
import { useAuthSession } from '../../../auth/AuthContext.tsx';

interface Options {
  videoRef: RefObject<HTMLVideoElement | null>;
  camera: CameraState;
  target: UploadTarget;
  /** Which camera dialog presses (the shots' `camera`, for its strip). */
  cameraId: string;
  /** The camera's JPEG worker, if it has one (takePhoto's). */
  encoder: RefObject<JpegEncoder | null>;
  /** A press: the shot is shown (pending) before its photo exists. */
  onPressed(shot: PendingShot): void;
  /** Its photo is in the upload queue (stored before it is sent, as any file). */
  onQueued(shot: PendingShot, entry: UploadEntry): void;
  /** No photo: `reason` in words, also on the shot's row until dismissed. */
  onFailed(shot: PendingShot, reason: string): void;
  store?: PendingShots;
}

export interface Shutter {
  /** One photo per press, also while earlier ones are being taken: they are taken in order. */
  press(): void;
  /** Settles when every press so far has its photo queued or its failure shown. */
  settled(): Promise<void>;
}

/**
 * The camera's shutter, as a native camera app's: a press shows the shot at once (a pending shot: a
 * small copy of the frame, its final name) in the strip and the upload lists, then the camera's still
 * is taken and, once its JPEG exists, queued under that name; the shot leaves the lists in the queue's
 * announcement that lists the file, so its row turns into the file's in one render.
 */
export function useShutter(options: Options): Shutter {
  const queue = useUploadQueue();
  const session = useAuthSession();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const chain = useRef<Promise<void>>(Promise.resolve());

  const press = useCallback(() => {
    const { videoRef, camera, target, cameraId, store = appPendingShots } = latest.current;
    const video = videoRef.current;
    if (camera.status !== 'live' || !video) return;
    const at = new Date();
    const shot = store.add({
      filename: nextCaptureName({ target, kind: 'photo', extension: 'jpg', at }),
      target,
      thumbnail: frameThumbnail(video),
      camera: cameraId,
      owner: session.getPerson(),
    });
    latest.current.onPressed(shot);
    const { track } = camera;
    // What the photo says inside itself wherever it ends up: when, what it shows, who took it.
    const exif = {
      at,
      description: factsDescription(target.record, target.facts),
      artist: session.getPerson()?.name ?? null,
    };
    const take = async () =>
      stampCapture(await takePhoto(video, track, latest.current.encoder.current), exif);
    // In order: one still at a time from the camera (some refuse a second while one is taken).
    chain.current = chain.current.then(() =>
      develop(shot, take, queue, store, {
        onQueued: (entry) => latest.current.onQueued(shot, entry),
        onFailed: (reason) => latest.current.onFailed(shot, reason),
      }),
    );
  }, [queue, session]);

  const settled = useCallback(() => chain.current, []);
  return { press, settled };
}

/** The pending shot's photo (or recording) taken and queued, or its failure told; nothing queued once it was cancelled. */
export async function develop(
  shot: PendingShot,
  take: () => Promise<Blob>,
  queue: Pick<UploadQueue, 'add' | 'addFor' | 'subscribe'>,
  store: PendingShots,
  tell: { onQueued(entry: UploadEntry): void; onFailed(reason: string): void },
): Promise<void> {
  const failed = (reason: string) => {
    if (!store.has(shot.id)) return;
    store.fail(shot.id, reason);
    tell.onFailed(reason);
  };
  let taken: Blob;
  try {
    taken = await take();
  } catch (error) {
    failed(error instanceof WordedError ? error.message : FAILURE_WORDS.photoNotQueued);
    return;
  }
  // Removed from the strip or the list while it was taken: the technician does not want it.
  if (!store.has(shot.id)) return;
  // A photo is a JPEG; a recording says its own type.
  const file = new File([taken], shot.filename, { type: taken.type || 'image/jpeg' });
  // Theirs who pressed: a sign-out (here or in another tab) while it was taken does not give it away.
  const { added, refused } = shot.owner
    ? queue.addFor(shot.owner, [file], shot.target)
    : queue.add([file], shot.target);
  const [entry] = added;
  if (!entry) {
    failed(refused[0]?.reason ?? FAILURE_WORDS.photoNotQueued);
    return;
  }
  tell.onQueued(entry);
  // The queue lists the file at its next announcement: the shot goes in the same one (one render).
  const stop = queue.subscribe(() => {
    stop();
    store.remove(shot.id);
  });
}
