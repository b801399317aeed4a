import { useEffect, useRef, useState } from 'react';
import { cameraUnavailableReason, openRearCamera, stopStream } from './cameraStream.ts';

export type CameraState =
  | { status: 'starting' }
  | { status: 'live'; track: MediaStreamTrack }
  | { status: 'unavailable'; reason: string };

/**
 * Shows the rear camera in `video` while mounted; stops it (light off) when unmounted, or, with
 * `keepOpenWhile`, once the promise it gives then has settled (stills asked for before are taken).
 */
export function useCameraStream(keepOpenWhile?: () => Promise<unknown>): {
  videoRef: React.RefObject<HTMLVideoElement | null>;
  camera: CameraState;
} {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>({ status: 'starting' });
  const keepOpen = useRef(keepOpenWhile);
  useEffect(() => {
    keepOpen.current = keepOpenWhile;
  });
  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    openRearCamera().then(
      async (opened) => {
        if (stopped) return stopStream(opened);
        stream = opened;
        const video = videoRef.current;
        const [track] = opened.getVideoTracks();
        if (!video || !track)
          return setCamera({ status: 'unavailable', reason: cameraUnavailableReason(null) });
        video.srcObject = opened;
        try {
          await video.play();
        } catch (error) {
          if (!stopped) setCamera({ status: 'unavailable', reason: cameraUnavailableReason(error) });
          return;
        }
        if (!stopped) setCamera({ status: 'live', track });
      },
      (error: unknown) => {
        if (!stopped) setCamera({ status: 'unavailable', reason: cameraUnavailableReason(error) });
      },
    );
    return () => {
      stopped = true;
      const hold = keepOpen.current?.();
      if (hold) void hold.finally(() => stopStream(stream));
      else stopStream(stream);
    };
  }, []);
  return { videoRef, camera };
}
