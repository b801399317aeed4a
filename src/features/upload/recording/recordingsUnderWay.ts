import { useSyncExternalStore } from 'react';

/**
 * Stops one recording (if it still records) and settles once it is the queue's: handed to the upload
 * queue and stored there, or, where that failed, its slices left for its owner to be offered back.
 */
export type HandIn = () => Promise<void>;

interface UnderWay {
  handIn: HandIn;
  /** Still recording (not stopped yet: once stopped it is counted as a pending shot until queued). */
  recording: boolean;
}

/** The recordings of this page from their start until they are the queue's (a sign-out waits for them). */
const underWay = new Set<UnderWay>();
const listeners = new Set<() => void>();
let recordingCount = 0;

function changed(): void {
  recordingCount = [...underWay].filter((each) => each.recording).length;
  for (const listener of listeners) listener();
}

/**
 * Counts a recording as under way from its start: `stopped` once it no longer records, `handedIn` once
 * it is the queue's (or its failure was said).
 */
export function recordingUnderWay(handIn: HandIn): { stopped(): void; handedIn(): void } {
  const each: UnderWay = { handIn, recording: true };
  underWay.add(each);
  changed();
  return {
    stopped() {
      if (!each.recording) return;
      each.recording = false;
      changed();
    },
    handedIn() {
      if (underWay.delete(each)) changed();
    },
  };
}

/** How many recordings are being made on this page now (still recording, not yet stopped). */
export function recordingsNow(): number {
  return recordingCount;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The same count, for a view that shows it (the sign-out question). */
export function useRecordingsNow(): number {
  return useSyncExternalStore(subscribe, recordingsNow);
}

/**
 * Stops every recording of this page and settles once each is the queue's, like a file dropped here:
 * a sign-out does this before the session ends, so what was recorded is a kept file of its owner's
 * (sent with theirs, or kept for their next sign-in), never a loose recording to be asked about.
 */
export async function keepEveryRecording(): Promise<void> {
  await Promise.all([...underWay].map(({ handIn }) => handIn().catch(() => undefined)));
}
