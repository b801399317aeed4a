import { useEffect, useState } from 'react';
import { stopStream } from '../../../components/camera/cameraStream.ts';
import { microphoneUnavailableReason, openMicrophone } from '../../../components/camera/microphone.ts';

/** About 720p for clips (2.5 Mbit/s is enough for it); photos go back to the sensor's best. */
const CLIP_SIZE = { width: { ideal: 1280 }, height: { ideal: 720 } };
const PHOTO_SIZE = { width: { ideal: 4096 }, height: { ideal: 3072 } };

/**
 * While the camera is in Video mode: the microphone (asked for when the mode starts, so a photo never
 * asks for it) and the camera at clip size. A refused microphone is said in words; clips are then
 * recorded without sound.
 */
export function useVideoMode(
  on: boolean,
  track: MediaStreamTrack | undefined,
): { microphone: MediaStream | null; microphoneProblem: string | null } {
  const [microphone, setMicrophone] = useState<MediaStream | null>(null);
  const [microphoneProblem, setMicrophoneProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!on) return;
    let stopped = false;
    let opened: MediaStream | null = null;
    openMicrophone().then(
      (stream) => {
        if (stopped) return stopStream(stream);
        opened = stream;
        setMicrophone(stream);
        setMicrophoneProblem(null);
      },
      (error: unknown) => {
        if (!stopped) setMicrophoneProblem(microphoneUnavailableReason(error));
      },
    );
    return () => {
      stopped = true;
      stopStream(opened);
      setMicrophone(null);
    };
  }, [on]);
  useEffect(() => {
    if (!on || !track) return;
    void track.applyConstraints(CLIP_SIZE).catch(() => undefined);
    return () => void track.applyConstraints(PHOTO_SIZE).catch(() => undefined);
  }, [on, track]);
  return { microphone, microphoneProblem };
}
