import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { WordedError } from '../../../failures/failures.ts';
import { useUploadQueue } from '../../../upload/uploadQueueContext.tsx';
import { useAppConfig } from '../../../config/ConfigContext.tsx';
import type { UploadTarget } from '../../../upload/types.ts';
import { develop } from '../camera/useShutter.ts';
import { pendingShots } from '../camera/pendingShots.ts';
import { recordingFilename, recordingFormat, type RecordingKind } from './recordingFormats.ts';
import { appRecordingStore } from './appRecordingStore.ts';
import { recordingLimits } from './recordingLimits.ts';
import { SliceRecorder, type StopReason } from './sliceRecorder.ts';
import { handOver } from './handOver.ts';
import { withDuration } from './withDuration.ts';
import { recordingClock, type RecordingClock } from './recordingClock.ts';
import { recordingUnderWay } from './recordingsUnderWay.ts';
import type { Person } from '../../../lib/person.ts';

export type RecorderStatus = 'idle' | 'recording' | 'finishing';

/** What the screen shows of a recorder: read with `useRecorderState` by the controls that show it. */
export interface RecorderState {
  status: RecorderStatus;
  /** The last recording stopped by itself at this limit (said until the next one starts). */
  stoppedBy: Exclude<StopReason, 'pressed'> | null;
  /** Why it could not record, or its recording could not be kept, in words. */
  problem: string | null;
}

/**
 * A recorder, the same object for as long as its owner is mounted. Its state is not its owner's
 * state: the camera dialog owns the clip recorder (it must outlive the camera), and a render of the
 * whole dialog at each change of status was the longest task of a recording on a tablet. Only the
 * controls that show the status (Start/Stop, the timer, the camera's mode switch) render with it.
 */
export interface Recorder {
  state: {
    /** `listener` hears each change, and at once when the state is no longer `seen`. */
    subscribe(listener: () => void, seen?: RecorderState): () => void;
    get(): RecorderState;
  };
  /** Whole seconds recorded, for the timer alone (it ticks without rendering the recorder's owner). */
  clock: RecordingClock;
  /** The limit in seconds ("0:12 / 1:00"). */
  limitSeconds: number;
  /**
   * Starts recording `stream` (the caller's; it stops its tracks itself). `thumbnail` draws the
   * clip's picture for the strip and the queue: called just after the start, in a task of its own
   * (a recording stopped before it is drawn goes without).
   */
  start(stream: MediaStream, thumbnail?: () => Promise<string | null>): void;
  /** Stops: the recording goes to the upload queue under its name, shown pending until it is there. */
  stop(): void;
  /** Settles once every recording started here is in the queue (or its failure said). */
  settled(): Promise<void>;
}

interface ActiveRecording {
  recorder: SliceRecorder;
  filename: string;
  thumbnail: string | null;
  /** Who recorded it: it goes to the queue under their name only. */
  owner: Person;
  /** No longer recording, and (later) the queue's now or its failure said (recordingsUnderWay.ts). */
  underWay: { stopped(): void; handedIn(): void };
  /** The timer's tick (the clock). */
  tick: ReturnType<typeof setInterval>;
}

export function recorderStateStore(): Recorder['state'] & { set(change: Partial<RecorderState>): void } {
  let state: RecorderState = { status: 'idle', stoppedBy: null, problem: null };
  const listeners = new Set<() => void>();
  return {
    subscribe(listener, seen) {
      listeners.add(listener);
      if (seen !== undefined && seen !== state) listener();
      return () => listeners.delete(listener);
    },
    get: () => state,
    set(change) {
      const next = { ...state, ...change };
      if (
        next.status === state.status &&
        next.stoppedBy === state.stoppedBy &&
        next.problem === state.problem
      )
        return;
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

/**
 * The recorder's state, rendering the calling component alone at each change. Not
 * `useSyncExternalStore`: a change made in a transition (the switch to recording, see `start`) must
 * render as one, after the tap's task, and an external store's change always renders at once.
 */
export function useRecorderState(recorder: Recorder): RecorderState {
  const { state: store } = recorder;
  const [state, setState] = useState(store.get);
  // Subscribed after the render: a change in between is heard at once.
  useEffect(() => store.subscribe(() => setState(store.get()), state), [store, state]);
  return state;
}

interface Options {
  kind: RecordingKind;
  target: UploadTarget;
  /** The camera dialog recording (its strip shows the clip), for clips. */
  cameraId?: string;
}

/**
 * A clip or voice note for `target`: MediaRecorder in slices kept on the device (SliceRecorder), a timer
 * against the limit (config.json), a stop by press or by limit, then the recording with its length
 * written in goes through the same queue as a photo, shown as a pending row from the press on.
 * Unmounted while recording, it stops and keeps the recording.
 */
export function useRecorder({ kind, target, cameraId }: Options): Recorder {
  const intl = useIntl();
  const queue = useUploadQueue();
  const config = useAppConfig();
  const limits = useMemo(() => recordingLimits(kind, config), [kind, config]);
  const [state] = useState(recorderStateStore);
  const [clock] = useState(recordingClock);
  const active = useRef<ActiveRecording | null>(null);
  const finishing = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef({ target, cameraId, kind });
  useEffect(() => {
    latest.current = { target, cameraId, kind };
  });

  const stop = useCallback(() => {
    const current = active.current;
    if (!current) return;
    active.current = null;
    clearInterval(current.tick);
    state.set({ status: 'finishing' });
    const store = appRecordingStore();
    const shot = pendingShots.add({
      filename: current.filename,
      target: latest.current.target,
      thumbnail: current.thumbnail,
      camera: latest.current.cameraId,
      kind: latest.current.kind,
      owner: current.owner,
    });
    const { recorder } = current;
    // Recording stops at the press; a clip still being finished before it does not make this one longer.
    recorder.stop();
    current.underWay.stopped();
    const cannotKeep = intl.formatMessage({
      defaultMessage:
        'The recording could not be kept for sending. It is offered again when the app next opens.',
      id: 'l3oT07',
    });
    let outcome: 'queued' | 'failed' | null = null;
    let handed: Promise<void> = Promise.resolve();
    finishing.current = finishing.current
      .then(async () => {
        const take = async () => {
          try {
            return await withDuration((await recorder.finish()).blob);
          } catch {
            throw new WordedError(cannotKeep);
          }
        };
        await develop(shot, take, queue, pendingShots, {
          onQueued: (entry) => {
            outcome = 'queued';
            handed = handOver(store, queue, recorder.id, entry.id);
          },
          // Not queued: the recording stays on the device and is offered again at the next start.
          onFailed: (reason) => {
            outcome = 'failed';
            state.set({ problem: reason === cannotKeep ? reason : `${reason} ${cannotKeep}` });
          },
        });
        // Removed from the lists while it was finished: the technician does not want it.
        if (outcome === null) await store.remove(recorder.id).catch(() => undefined);
        if (state.get().status === 'finishing') state.set({ status: 'idle' });
        // The queue's copy stored (and the slices let go): only then is it no longer under way.
        await handed;
      })
      .finally(current.underWay.handedIn);
  }, [intl, queue, state]);

  const start = useCallback(
    (stream: MediaStream, thumbnail?: () => Promise<string | null>) => {
      if (active.current) return;
      const format = recordingFormat(kind);
      const person = queue.currentPerson();
      if (!format || !person) {
        state.set({
          problem: intl.formatMessage({
            defaultMessage:
              'This browser cannot record here. Use the device’s own camera or recorder app and attach the file.',
            id: 'yOIK1o',
          }),
        });
        return;
      }
      const startedAt = Date.now();
      const filename = recordingFilename(kind, latest.current.target, new Date(startedAt), format.extension);
      try {
        const recorder = new SliceRecorder({
          stream,
          format,
          store: appRecordingStore(),
          limits,
          recording: {
            id: crypto.randomUUID(),
            kind,
            person,
            target: latest.current.target,
            filename,
            type: format.mimeType.split(';')[0] ?? format.mimeType,
            startedAt,
          },
          onLimit: (reason) => {
            state.set({ stoppedBy: reason });
            stop();
          },
        });
        let done!: () => void;
        const handedIn = new Promise<void>((resolve) => (done = resolve));
        // Until it is the queue's, a sign-out stops it and waits (recordingsUnderWay.ts).
        const underWay = recordingUnderWay(() => {
          if (active.current === started) stop();
          return handedIn;
        });
        const started: ActiveRecording = {
          recorder,
          filename,
          thumbnail: null,
          owner: person,
          // The timer: the clock's listeners (the timer's text) hear each new second, nothing else renders.
          tick: setInterval(() => clock.set(Math.floor(recorder.seconds())), 250),
          underWay: {
            stopped: underWay.stopped,
            handedIn: () => {
              underWay.handedIn();
              done();
            },
          },
        };
        active.current = started;
        // Not in the tap's task, which holds the recorder's start; drawn and encoded off the main thread.
        if (thumbnail)
          setTimeout(() => {
            void thumbnail().then(
              (drawn) => (started.thumbnail = drawn),
              () => undefined,
            );
          }, 0);
      } catch {
        state.set({
          problem: intl.formatMessage({
            defaultMessage: 'The recording could not be started. Try again.',
            id: 'ZurTcN',
          }),
        });
        return;
      }
      clock.set(0);
      // The recorder runs from the tap; the screen's switch to recording (Stop, the timer, the camera's
      // mode switch disabled) renders after it, in tasks of its own: in the tap's task it was the
      // longest task of the whole recording. A caller's own state that must render with it is set in
      // a transition too, in the same task (VoiceNoteButton's microphone): both then render together.
      startTransition(() => state.set({ problem: null, stoppedBy: null, status: 'recording' }));
    },
    [kind, queue, intl, limits, stop, clock, state],
  );

  // Closed or left while recording: what was recorded is kept and sent, never lost.
  const stopRef = useRef(stop);
  useEffect(() => {
    stopRef.current = stop;
  });
  useEffect(() => () => stopRef.current(), []);

  const settled = useCallback(() => finishing.current, []);
  return useMemo(
    () => ({ state, clock, limitSeconds: limits.maxSeconds, start, stop, settled }),
    [state, clock, limits.maxSeconds, start, stop, settled],
  );
}
