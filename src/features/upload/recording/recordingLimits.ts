import {
  DEFAULT_MAX_CLIP_SECONDS,
  DEFAULT_MAX_VOICE_SECONDS,
  type AppConfig,
} from '../../../config/appConfig.ts';
import type { RecordingKind } from './recordingFormats.ts';
import type { RecordingLimits } from './sliceRecorder.ts';

/** Bits per second a recording is expected to take at most (video and sound, or speech). */
const EXPECTED_BPS: Record<RecordingKind, number> = { clip: 2_600_000, voice: 32_000 };

/**
 * How long a clip or a voice note may run (config.json), and its size cap: twice what the bitrate
 * gives at the limit (an encoder that overshoots, a scene full of motion), never above what the
 * service takes.
 */
export function recordingLimits(
  kind: RecordingKind,
  config: Pick<AppConfig, 'maxClipSeconds' | 'maxVoiceSeconds' | 'maxUploadBytes'>,
): RecordingLimits {
  const maxSeconds =
    kind === 'clip'
      ? (config.maxClipSeconds ?? DEFAULT_MAX_CLIP_SECONDS)
      : (config.maxVoiceSeconds ?? DEFAULT_MAX_VOICE_SECONDS);
  const expected = Math.max((EXPECTED_BPS[kind] / 8) * maxSeconds, 1_000_000);
  return { maxSeconds, maxBytes: Math.min(config.maxUploadBytes, 2 * expected) };
}
