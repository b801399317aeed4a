import { useMemo, useSyncExternalStore } from 'react';
import type { RecordRef } from '../../../records/recordKinds.ts';
import { sameRecord, type UploadTarget } from '../../../upload/types.ts';
import type { Person } from '../../../lib/person.ts';

/**
 * A shutter press whose photo is not in the upload queue yet: shown at the tap (a small copy of the
 * video's frame, the photo's final name), never stored or sent. `taking` until its JPEG exists (then
 * the camera queues it and forgets the shot), `failed` when the camera gave none (shown until dismissed).
 */
export interface PendingShot {
  id: string;
  /** The name the photo will have in the queue and on the record, decided at the tap. */
  filename: string;
  target: UploadTarget;
  /** A small picture of the frame at the tap (a data URL), or null where none could be drawn. */
  thumbnail: string | null;
  state: 'taking' | 'failed';
  /** Why it failed, in words for the technician. */
  reason?: string;
  /** The camera dialog that took it (its strip shows it). */
  camera?: string;
  /** A photo unless said: a clip or a voice note is being finished, not taken. */
  kind?: 'clip' | 'voice';
  /** Who pressed (or started recording): the file is theirs, whoever is signed in once it exists. */
  owner?: Person | null;
}

/** The shots being taken, a store the camera writes and the upload lists read (useSyncExternalStore). */
export class PendingShots {
  private shots: readonly PendingShot[] = [];
  private readonly listeners = new Set<() => void>();
  private next = 0;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly PendingShot[] => this.shots;

  /** A press of the shutter: shown at once, as `taking`. */
  add(
    shot: Pick<PendingShot, 'filename' | 'target' | 'thumbnail' | 'camera' | 'kind' | 'owner'>,
  ): PendingShot {
    this.next += 1;
    const added: PendingShot = { ...shot, id: `shot-${this.next}`, state: 'taking' };
    this.set([...this.shots, added]);
    return added;
  }

  /** Still listed (a cancelled or dismissed shot is not: its photo must not be queued). */
  has(id: string): boolean {
    return this.shots.some((shot) => shot.id === id);
  }

  /** The camera gave no photo: the shot says why until it is dismissed. */
  fail(id: string, reason: string): void {
    this.set(this.shots.map((shot) => (shot.id === id ? { ...shot, state: 'failed', reason } : shot)));
  }

  /** Gone: its photo is in the queue now, or the technician cancelled or dismissed it. */
  remove(id: string): void {
    if (this.has(id)) this.set(this.shots.filter((shot) => shot.id !== id));
  }

  private set(shots: readonly PendingShot[]): void {
    this.shots = shots;
    for (const listener of this.listeners) listener();
  }
}

/** The app's one store of shots being taken (the camera dialog and the upload lists share it). */
export const pendingShots = new PendingShots();

/** Which shots a list shows: a record's, or every one (the tray). */
export type ShotsOf = RecordRef | 'all';

const NONE: readonly PendingShot[] = [];

/** The shots `of` a record (or all), re-read when they change; the same array while none are pending. */
export function usePendingShots(of: ShotsOf, store: PendingShots = pendingShots): readonly PendingShot[] {
  const shots = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return useMemo(() => {
    const shown = of === 'all' ? shots : shots.filter((shot) => sameRecord(shot.target.record, of));
    return shown.length === 0 ? NONE : shown;
  }, [shots, of]);
}

/** How many shots have no photo yet: unfinished work, as a file still to send is. */
export function takingCount(shots: readonly PendingShot[]): number {
  return shots.filter((shot) => shot.state === 'taking').length;
}

/** The number of the app's shots being taken now (sign-out's question as it opens). */
export function pendingShotsTaking(): number {
  return takingCount(pendingShots.getSnapshot());
}

/** The number of shots being taken, for the tray's count and sign-out's question. */
export function usePendingShotCount(store: PendingShots = pendingShots): number {
  return useSyncExternalStore(store.subscribe, () => takingCount(store.getSnapshot()));
}
