import type { RecordingFormat } from './recordingFormats.ts';
import type { RecordingStore, StoredRecording } from './recordingStore.ts';

/** Why a recording ended: the technician's press, or a limit it reached by itself. */
export type StopReason = 'pressed' | 'time' | 'size';

export interface RecordingLimits {
  maxSeconds: number;
  maxBytes: number;
}

/** What a recording left: its bytes in order, how long and why it stopped. */
export interface FinishedRecording {
  recording: StoredRecording;
  blob: Blob;
  seconds: number;
  reason: StopReason;
}

/** The part of MediaRecorder used here, so tests can drive slices and stops themselves. */
export interface MediaRecorderLike {
  readonly state: 'inactive' | 'recording' | 'paused';
  ondataavailable: ((event: { data: Blob }) => void) | null;
  onstop: (() => void) | null;
  onerror: ((event: unknown) => void) | null;
  start(timeslice: number): void;
  stop(): void;
}

export interface SliceRecorderOptions {
  stream: MediaStream;
  format: RecordingFormat;
  /** What is stored about it from the first moment (its slices follow). */
  recording: Omit<StoredRecording, 'seconds'>;
  store: RecordingStore;
  limits: RecordingLimits;
  /** How often MediaRecorder hands over what it recorded, and so the most a crash can lose. */
  sliceMs?: number;
  now?: () => number;
  createRecorder?: (stream: MediaStream, format: RecordingFormat) => MediaRecorderLike;
  /** Seconds and bytes recorded so far, at each slice. */
  onSlice?(seconds: number, bytes: number): void;
  /** It stopped by itself at a limit (the caller finishes it with `finished`). */
  onLimit?(reason: Exclude<StopReason, 'pressed'>): void;
  /** Held while recording (Web Locks): another page does not offer a recording that is still being made. */
  holdWhileRecording?: (name: string, until: Promise<unknown>) => void;
  /** Runs the first store write (and the lock before it) after the start: by default in a task of its own. */
  later?: (work: () => void) => void;
}

export const DEFAULT_SLICE_MS = 1000;

/** The Web Locks name held while a recording is made, so other pages leave it alone. */
export const recordingLockName = (id: string) => `floor-recording:${id}`;

const browserRecorder = (stream: MediaStream, format: RecordingFormat): MediaRecorderLike =>
  new MediaRecorder(stream, {
    mimeType: format.mimeType,
    audioBitsPerSecond: format.audioBitsPerSecond,
    ...(format.videoBitsPerSecond !== undefined && { videoBitsPerSecond: format.videoBitsPerSecond }),
  }) as unknown as MediaRecorderLike;

const browserLock = (name: string, until: Promise<unknown>) => {
  void navigator.locks?.request(name, () => until.catch(() => undefined));
};

/**
 * MediaRecorder in short slices, each written to the store as it arrives: a recording is never held
 * whole in the page, and a reload or a crash loses at most the last slice. Stops by itself at the
 * time limit or when the bytes reach the size cap. A slice the store cannot take (a full disk) is
 * kept in the page instead, so nothing recorded is lost while the page lives.
 */
export class SliceRecorder {
  private readonly recorder: MediaRecorderLike;
  private readonly now: () => number;
  private readonly startedAt: number;
  private index = 0;
  private bytes = 0;
  private writes: Promise<void>;
  private readonly unsaved = new Map<number, Blob>();
  private reason: StopReason = 'pressed';
  private limitTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly stopped: Promise<void>;
  private failure: unknown = null;
  private releaseLock: () => void = () => undefined;
  /** When it stopped recording (a press or a limit); its length is measured to there. */
  private endedAt: number | null = null;

  constructor(private readonly options: SliceRecorderOptions) {
    this.now = options.now ?? Date.now;
    this.startedAt = this.now();
    this.recorder = (options.createRecorder ?? browserRecorder)(options.stream, options.format);
    const held = new Promise<void>((release) => (this.releaseLock = release));
    // The lock, then the recording's entry (who made it, for what), in a task after the tap's: the tap's
    // task holds the recorder's start, and on a tablet's CPU these took it over 50 ms (bench/LOG.md).
    // Every slice's write waits for the entry, so the first slice is stored under its owner as before.
    this.writes = new Promise<void>((begun) =>
      (options.later ?? ((work) => setTimeout(work, 0)))(() => {
        (options.holdWhileRecording ?? browserLock)(recordingLockName(options.recording.id), held);
        begun(options.store.begin({ ...options.recording, seconds: 0 }).catch(() => undefined));
      }),
    );
    this.stopped = new Promise((resolve) => {
      this.recorder.onstop = () => resolve();
      this.recorder.onerror = (event) => {
        this.failure = event;
        resolve();
      };
    });
    this.recorder.ondataavailable = ({ data }) => this.slice(data);
    this.recorder.start(options.sliceMs ?? DEFAULT_SLICE_MS);
    this.limitTimer = setTimeout(() => this.limit('time'), options.limits.maxSeconds * 1000);
  }

  get id(): string {
    return this.options.recording.id;
  }

  /** Seconds since it started, at most the limit. */
  seconds(): number {
    const end = this.endedAt ?? this.now();
    return Math.min(this.options.limits.maxSeconds, (end - this.startedAt) / 1000);
  }

  /** Stops (if it still records) and gives back the whole recording, read from the store in order. */
  async finish(): Promise<FinishedRecording> {
    this.stop();
    await this.stopped;
    const seconds = this.seconds();
    await this.writes;
    this.releaseLock();
    const { store, recording, format } = this.options;
    let stored: Blob[] = [];
    try {
      stored = await store.slices(recording.id);
    } catch {
      // Unreadable storage: the slices kept in the page are what there is.
    }
    const parts = this.unsaved.size === 0 ? stored : this.merged(stored);
    if (parts.length === 0 && this.failure) throw new Error('The recorder stopped.');
    const type = format.mimeType.split(';')[0] ?? format.mimeType;
    return {
      recording: { ...recording, seconds },
      blob: new Blob(parts, { type }),
      seconds,
      reason: this.reason,
    };
  }

  private slice(data: Blob): void {
    if (data.size === 0) return;
    const index = this.index++;
    this.bytes += data.size;
    const seconds = this.seconds();
    this.writes = this.writes.then(() =>
      this.options.store.append(this.id, index, data, seconds).catch(() => {
        this.unsaved.set(index, data);
      }),
    );
    this.options.onSlice?.(seconds, this.bytes);
    if (this.bytes >= this.options.limits.maxBytes) this.limit('size');
  }

  private limit(reason: Exclude<StopReason, 'pressed'>): void {
    if (this.recorder.state === 'inactive' || this.reason !== 'pressed') return;
    this.reason = reason;
    this.stop();
    this.options.onLimit?.(reason);
  }

  /** Stops recording now (the press); `finish` then gathers what was recorded. */
  stop(): void {
    clearTimeout(this.limitTimer);
    if (this.endedAt === null) {
      const endedAt = (this.endedAt = this.now());
      // Stored before the last slice: a page gone from here on went after the recording, not during it.
      this.writes = this.writes.then(() =>
        this.options.store.markStopped(this.id, endedAt).catch(() => undefined),
      );
    }
    if (this.recorder.state !== 'inactive') this.recorder.stop();
  }

  /** Stored slices and those kept in the page, in recording order (the stored ones have no gaps' indexes). */
  private merged(stored: Blob[]): Blob[] {
    const parts: Blob[] = [];
    let next = 0;
    for (let index = 0; index < this.index; index += 1) {
      const kept = this.unsaved.get(index);
      if (kept) parts.push(kept);
      else if (next < stored.length) parts.push(stored[next++]!);
    }
    return parts;
  }
}
