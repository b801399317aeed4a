// The pins' ports and the shapes they pass: what is stored (PinnedStorage: idbPinnedStorage.ts,
// memoryPinnedStorage.ts), what the network side gives (PinFetcher: features/pins/fetchAhead.ts) and
// what views read (PinnedSnapshot). The engine that uses them is pinnedRecords.ts.
import type { PersonId } from '../lib/person.ts';
import { defineStoredSchema, type NotRead } from '../lib/storedSchema.ts';
import type { RecordRef } from '../records/recordKinds.ts';

/** `kind:id` of a pinned record. */
export const pinKey = (record: RecordRef): string => `${record.kind}:${record.id}`;

/** How an attachment is kept: an image made small, or a PDF's first page drawn as an image. */
export type KeptForm = 'image' | 'pdf-first-page' | 'video-frame';

/** A record pinned for the shift, as it is stored. */
export interface PinnedRecord extends RecordRef {
  title: string;
  /** The record's place in the work ("Run 1 · SN 0041 · Step 2"), when it has one. */
  context?: string;
  pinnedAt: number;
  /** When its records and copies were last fetched ahead in full; absent until then. */
  fetchedAt?: number;
  /** The attachments of it (and of the records it pins with it) that have a kept form. */
  files: number[];
  /** Of those, the ones whose bytes could not be read or drawn (a damaged file, a HEIC photo). */
  unreadable: number[];
}

/** A copy kept on the device, by attachment id (never by its signed URL, which expires). */
export interface KeptFile {
  id: number;
  form: KeptForm;
  bytes: number;
  keptAt: number;
  /** The pins that asked for it (`kind:id`). */
  pins: string[];
}

/** Everything stored for one person, apart from the copies' bytes. */
export interface PinnedState {
  owner: PersonId;
  pins: PinnedRecord[];
  files: KeptFile[];
}

/** The stored state's versions: a state written by an older version is read through these steps. */
export const PINNED_STATE_SCHEMA = defineStoredSchema<PinnedState>({
  steps: [
    // 0 → 1: the first version to write its number; its shape is unchanged.
    (state) => state,
  ],
  is: (value): value is PinnedState => {
    const state = value as Partial<PinnedState>;
    return (
      typeof state.owner?.subject === 'string' && Array.isArray(state.pins) && Array.isArray(state.files)
    );
  },
});

/**
 * Where the pins and copies live: IndexedDB in the app (idbPinnedStorage.ts), memory in tests. The state
 * is kept as it was written, with its version (PINNED_STATE_SCHEMA), and read by PinnedRecords.
 */
export interface PinnedStorage {
  readState(): Promise<unknown>;
  writeState(state: PinnedState & { schemaVersion: number }): Promise<void>;
  readFile(id: number): Promise<Blob | undefined>;
  writeFile(id: number, blob: Blob): Promise<void>;
  deleteFiles(ids: readonly number[]): Promise<void>;
  /** Ids of every copy stored (to find those a closed page left without their entry). */
  fileIds(): Promise<number[]>;
  clear(): Promise<void>;
}

/** An attachment a fetched record showed, with a form it can be kept in and the URL it was given with. */
export interface KeepableAttachment {
  id: number;
  form: KeptForm;
  /** The signed URL the record's response carried: fresh, used at once. */
  url: string;
}

/** What fetching one record ahead brought: its keepable attachments and the records pinned with it. */
export interface FetchedRecord {
  attachments: KeepableAttachment[];
  children: RecordRef[];
}

/** The network side of pinning (features/pins/fetchAhead.ts), injected so this stays plain. */
export interface PinFetcher {
  /** Asks for the record's page query from the network (so the kept records hold it). */
  fetchRecord(record: RecordRef, signal: AbortSignal): Promise<FetchedRecord>;
  /** Reads the attachment's bytes and makes its kept form; UnkeepableFile when it has none. */
  keepCopy(attachment: KeepableAttachment, signal: AbortSignal): Promise<Blob>;
  /** Every record of a pin came: write the kept records now rather than a second later. */
  recordsFetched?(): Promise<void>;
}

/**
 * An attachment that has no kept form however often it is tried (its bytes cannot be drawn, it is too
 * large, or storage no longer has it): counted, and the pin goes on. Any other failure of a copy (the
 * network, storage busy) fails the pin, which is tried again when the network returns or when asked.
 */
export class UnkeepableFile extends Error {
  override name = 'UnkeepableFile';
}

/** `navigator.storage`'s two calls about persistence (absent in some browsers). */
export interface PersistenceManager {
  persist(): Promise<boolean>;
  persisted(): Promise<boolean>;
}

export type PinStatus =
  | { state: 'pinning'; done: number; total: number }
  | { state: 'failed'; error: unknown }
  /** Pinned while offline (or never fetched in full yet): fetched when the network is back. */
  | { state: 'waiting' }
  | {
      state: 'pinned';
      fetchedAt: number;
      /** Copies that could not be made. */
      unreadable: number;
      /** Copies made, then deleted to stay within the budget. */
      leftOut: number;
    };

export interface PinView extends PinnedRecord {
  status: PinStatus;
}

export interface PinnedSnapshot {
  pins: readonly PinView[];
  /** Kept copies by attachment id. */
  files: ReadonlyMap<number, KeptFile>;
  usageBytes: number;
  budgetBytes: number;
  /** Whether the browser promised to keep the site's data (null: not known, or no such promise here). */
  persisted: boolean | null;
  /** Why the pins the device kept were dropped at start, unread; null when nothing was. */
  dropped: NotRead | null;
}

export interface PinnedRecordsOptions {
  storage: PinnedStorage;
  fetcher: PinFetcher;
  owner: () => PersonId | null;
  budgetBytes: number;
  persistence?: PersistenceManager | null;
  isOnline?: () => boolean;
  now?: () => number;
  /** Records asked for at once while pinning. */
  recordConcurrency?: number;
  /** Copies fetched and made at once. */
  copyConcurrency?: number;
  /** A pin fetched longer ago is fetched again at start and when the network returns. */
  refreshAfterMs?: number;
}
