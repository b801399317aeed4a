import type { RecordingStore, StoredRecording } from './recordingStore.ts';
import { recordingLockName } from './sliceRecorder.ts';
import { samePerson, type Person } from '../../../lib/person.ts';

export interface RecoveryPorts {
  store: RecordingStore;
  /** Whether the upload queue has this file (in the page or stored on the device). */
  queueHas(entryId: string): Promise<boolean>;
  /** Web Locks names held now (recordings other pages are still making). */
  heldLocks(): Promise<readonly string[]>;
}

/**
 * The recordings a reload, a crash or a dead battery cut short that `person` made: offered back to
 * them, to nobody else. A recording still being made in another page is left to it; one the queue
 * already has is the queue's (its slices are let go); one with nothing recorded is let go.
 */
export async function interruptedRecordings(
  person: Person,
  { store, queueHas, heldLocks }: RecoveryPorts,
): Promise<StoredRecording[]> {
  const [all, held] = await Promise.all([store.list(), heldLocks()]);
  const offered: StoredRecording[] = [];
  for (const recording of all.sort((a, b) => a.startedAt - b.startedAt)) {
    if (!samePerson(recording.person, person) || held.includes(recordingLockName(recording.id))) continue;
    if (recording.queuedAs !== undefined && (await queueHas(recording.queuedAs))) {
      await store.remove(recording.id);
      continue;
    }
    if ((await store.slices(recording.id)).length === 0) {
      await store.remove(recording.id);
      continue;
    }
    offered.push(recording);
  }
  return offered;
}

/** The Web Locks names held in this browser now (none where Web Locks are missing). */
export async function browserHeldLocks(): Promise<readonly string[]> {
  const state = await navigator.locks?.query();
  return (state?.held ?? []).flatMap((lock) => (lock.name ? [lock.name] : []));
}
