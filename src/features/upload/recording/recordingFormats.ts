import type { UploadTarget } from '../../../upload/types.ts';
import { nextCaptureName } from '../camera/captureName.ts';

/** What the app records: a video clip in the camera, or a voice note. */
export type RecordingKind = 'clip' | 'voice';

/** A type MediaRecorder is asked for, the file extension it is named with, and its bitrates. */
export interface RecordingFormat {
  mimeType: string;
  /**
   * The storage derives the content type from the extension (spec): a voice note in WebM is `.weba`
   * (audio/webm), never `.webm` (video/webm); AAC in MP4 is `.m4a` (audio/mp4).
   */
  extension: string;
  videoBitsPerSecond?: number;
  audioBitsPerSecond: number;
}

/** About 720p at 2.5 Mbit/s with sound: a drip or a latch is visible, a minute stays near 19 MB. */
const CLIP_VIDEO_BPS = 2_500_000;
const CLIP_AUDIO_BPS = 96_000;
/** Speech: Opus or AAC at 32 kbit/s, about 240 kB a minute. */
const VOICE_AUDIO_BPS = 32_000;

/** In order of preference: MP4 (H.264 + AAC) plays everywhere; WebM where the browser records only that. */
const CLIP_TYPES: readonly Omit<RecordingFormat, 'audioBitsPerSecond'>[] = [
  { mimeType: 'video/mp4;codecs=avc1,mp4a.40.2', extension: 'mp4' },
  { mimeType: 'video/webm;codecs=vp9,opus', extension: 'webm' },
  { mimeType: 'video/webm;codecs=vp8,opus', extension: 'webm' },
  { mimeType: 'video/webm', extension: 'webm' },
];

const VOICE_TYPES: readonly Omit<RecordingFormat, 'audioBitsPerSecond'>[] = [
  { mimeType: 'audio/mp4;codecs=mp4a.40.2', extension: 'm4a' },
  { mimeType: 'audio/webm;codecs=opus', extension: 'weba' },
  { mimeType: 'audio/ogg;codecs=opus', extension: 'ogg' },
];

/** The best format this browser records `kind` in, or null where it records none of them. */
export function recordingFormat(
  kind: RecordingKind,
  isTypeSupported: (type: string) => boolean = (type) =>
    typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type),
): RecordingFormat | null {
  const found = (kind === 'clip' ? CLIP_TYPES : VOICE_TYPES).find(({ mimeType }) =>
    isTypeSupported(mimeType),
  );
  if (!found) return null;
  return kind === 'clip'
    ? { ...found, videoBitsPerSecond: CLIP_VIDEO_BPS, audioBitsPerSecond: CLIP_AUDIO_BPS }
    : { ...found, audioBitsPerSecond: VOICE_AUDIO_BPS };
}

/** The stored type of a finished recording: its container without codecs (what the queue and storage see). */
export function containerType(format: RecordingFormat): string {
  return format.mimeType.split(';')[0] ?? format.mimeType;
}

/**
 * The one place a recording gets its name: the app's capture name from its record, e.g.
 * `SN0041-step2-clip-2026-11-29-104205-1.webm`, `SN0041-step2-voice-2026-11-29-104205-1.weba`.
 */
export function recordingFilename(
  kind: RecordingKind,
  target: UploadTarget,
  at: Date,
  extension: string,
): string {
  return nextCaptureName({ target, kind, extension, at });
}
