import {
  ALL_FORMATS,
  BlobSource,
  BufferTarget,
  Conversion,
  Input,
  Mp4OutputFormat,
  Output,
  WebMOutputFormat,
} from 'mediabunny';

/**
 * A finished recording with its length written in: MediaRecorder's WebM has no duration in its
 * header (players show Infinity, seeking breaks) and its MP4 is fragmented. mediabunny rewrites the
 * container around the same encoded frames (no re-encoding). Where it cannot, or would leave a track
 * out, the recording goes as it was: playable, only without its length. Runs in the repair's worker
 * (withDuration.ts).
 */
export async function repairDuration(recorded: Blob): Promise<Blob> {
  try {
    const input = new Input({ source: new BlobSource(recorded), formats: ALL_FORMATS });
    const output = new Output({
      format: recorded.type.endsWith('/mp4') ? new Mp4OutputFormat() : new WebMOutputFormat(),
      target: new BufferTarget(),
    });
    const conversion = await Conversion.init({ input, output, showWarnings: false });
    if (!conversion.isValid || conversion.discardedTracks.length > 0) return recorded;
    await conversion.execute();
    const { buffer } = output.target;
    return buffer ? new Blob([buffer], { type: recorded.type }) : recorded;
  } catch {
    return recorded;
  }
}
