/**
 * A finished recording with its length written in: MediaRecorder's WebM has no duration in its
 * header (players show Infinity, seeking breaks) and its MP4 is fragmented. mediabunny rewrites the
 * container around the same encoded frames (no re-encoding). Where it cannot, or would leave a track
 * out, the recording goes as it was: playable, only without its length. Loaded when a recording ends.
 */
export async function withDuration(recorded: Blob): Promise<Blob> {
  try {
    // Its code may not load (offline without the installed app's copy): the recording goes as it is.
    const {
      ALL_FORMATS,
      BlobSource,
      BufferTarget,
      Conversion,
      Input,
      Mp4OutputFormat,
      Output,
      WebMOutputFormat,
    } = await import('mediabunny');
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

/** Loads the repair's code as a recording starts, so a clip finished offline is repaired too. */
export function preloadDurationRepair(): void {
  void import('mediabunny').catch(() => undefined);
}
