import type { ApolloCache, NormalizedCacheObject } from '@apollo/client';
import { samePerson, type PersonId } from '../lib/person.ts';
import { isJsonObject } from '../lib/jsonObject.ts';
import { defineStoredSchema, readStored, versioned, type NotRead } from '../lib/storedSchema.ts';

/** What is kept on the device for one person: the GraphQL cache as it was, and when each record came. */
export interface KeptSnapshot {
  owner: PersonId;
  /** Clock time of the write. */
  savedAt: number;
  /** `Typename:id` of each record a response carried → clock time it arrived from the server. */
  fetchedAt: Record<string, number>;
  /** listKey of each list query a response answered → clock time it arrived. */
  listedAt: Record<string, number>;
  cache: NormalizedCacheObject;
}

/** The kept snapshot's versions: a snapshot written by an older version is read through these steps. */
export const KEPT_SNAPSHOT_SCHEMA = defineStoredSchema<KeptSnapshot>({
  steps: [
    // 0 → 1: snapshots from before list answers were timed have no listedAt.
    (snapshot) => ({ ...snapshot, listedAt: snapshot.listedAt ?? {} }),
  ],
  is: (value): value is KeptSnapshot => {
    const snapshot = value as Partial<KeptSnapshot>;
    return (
      typeof snapshot.owner?.subject === 'string' &&
      typeof snapshot.savedAt === 'number' &&
      isJsonObject(snapshot.fetchedAt) &&
      isJsonObject(snapshot.listedAt) &&
      isJsonObject(snapshot.cache)
    );
  },
});

/** How many queries' answer times are kept: a shift's lists and searches. */
export const LISTS_NOTED = 200;

/** The query a response answered, as the link tells it. */
export interface AnsweredOperation {
  operationName?: string;
  variables?: Record<string, unknown>;
}

/** One list query with its variables, whatever the order of their keys (and without undefined ones). */
export function listKey(operationName: string, variables: Record<string, unknown> = {}): string {
  return `${operationName}:${stableJson(variables)}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Where the snapshot lives (IndexedDB in the app, memory in tests). It holds one person's, at most, as it
 * was written: with its version (KEPT_SNAPSHOT_SCHEMA), read by KeptRecords.
 */
export interface KeptRecordsStore {
  read(): Promise<unknown>;
  write(snapshot: KeptSnapshot & { schemaVersion: number }): Promise<void>;
  clear(): Promise<void>;
}

export interface KeptRecordsOptions {
  store: KeptRecordsStore;
  cache: ApolloCache;
  /** Who is signed in now (null: nobody, and nothing is written). */
  owner: () => PersonId | null;
  now?: () => number;
  /** Writes are gathered for this long: a burst of responses is one write. */
  saveDelayMs?: number;
}

/**
 * Records kept for a shift offline (issue 24): the GraphQL cache of what the technician opened is
 * written to the device after responses arrive, and put back into the cache at start, so a reload with
 * no network shows it. It belongs to the person signed in when it was written: restored only for them,
 * and cleared at sign-out or when someone else signs in. Plain TypeScript; views subscribe.
 */
export class KeptRecords {
  private fetched: Record<string, number> = {};
  /** listKey → when its answer last came from the server (here or in an earlier page load). */
  private listed: Record<string, number> = {};
  /** `Typename:id` of the records a response brought to this page (not only the kept snapshot). */
  private readonly arrivedHere = new Set<string>();
  private owner: PersonId | null = null;
  /**
   * Whether this page holds what the device kept (restored it, found nothing there, or cleared it). Until
   * it does, a write first takes in what is stored: a page load whose responses, session or restore came
   * in another order never overwrites the earlier loads' records with its own partial cache.
   */
  private holdsStored = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private readonly saveDelayMs: number;
  /** How long the last restore took (ms), for the start-up figure. */
  restoreMs = 0;
  /**
   * Why what the device kept was dropped at start, unread (written by a later version of the app, or
   * not readable): the person is told their records were not kept. Null when nothing was dropped.
   */
  dropped: NotRead | null = null;

  constructor(private readonly options: KeptRecordsOptions) {
    this.now = options.now ?? Date.now;
    this.saveDelayMs = options.saveDelayMs ?? 1_000;
  }

  /**
   * Puts the signed-in person's kept records into the cache (before any page asks for them); another
   * person's are deleted unread. Resolves whether anything was restored; a store that cannot be read
   * leaves the app to start online.
   */
  async restore(): Promise<boolean> {
    const started = performance.now();
    try {
      const stored = await this.options.store.read();
      const me = this.options.owner();
      if (stored === undefined) {
        if (me) this.holdsStored = true;
        return false;
      }
      const loaded = readStored(KEPT_SNAPSHOT_SCHEMA, stored);
      if (loaded.state !== 'read') {
        // Whose it is cannot be told: dropped once someone is signed in, who is told.
        if (me) {
          await this.clear();
          this.dropped = loaded.state;
          this.changed();
        }
        return false;
      }
      const snapshot = loaded.value;
      if (!samePerson(snapshot.owner, me)) {
        // Nobody signed in yet: left for its owner, unread. Someone else: never theirs to see.
        if (me) {
          await this.options.store.clear();
          this.holdsStored = true;
        }
        return false;
      }
      this.takeIn(snapshot);
      return true;
    } catch {
      return false;
    } finally {
      this.restoreMs = performance.now() - started;
    }
  }

  /**
   * Lays the kept snapshot under what this page holds: what arrived here is newer and stays, the kept
   * records fill in the rest (every record of the shift's earlier page loads).
   */
  private takeIn(snapshot: KeptSnapshot): void {
    const arrived = Object.keys(this.fetched).length > 0;
    const current = this.options.cache.extract() as NormalizedCacheObject;
    this.options.cache.restore(arrived ? keptUnder(snapshot.cache, current) : snapshot.cache);
    this.fetched = { ...snapshot.fetchedAt, ...this.fetched };
    this.listed = { ...snapshot.listedAt, ...this.listed };
    this.owner = snapshot.owner;
    this.holdsStored = true;
    this.changed();
  }

  /**
   * A response arrived: its records (and the query it answered, for lists) are noted as fresh and the
   * cache is written soon after.
   */
  noteResponse(data: unknown, operation?: AnsweredOperation): void {
    const me = this.options.owner();
    if (!me) return;
    // What this page holds is this person's from now on: never replaced by a restore (personChanged).
    this.owner ??= { subject: me.subject, organization: me.organization };
    if (data && typeof data === 'object') {
      const at = this.now();
      if (operation?.operationName)
        this.noteListed(listKey(operation.operationName, operation.variables), at);
      for (const value of Object.values(data as Record<string, unknown>)) {
        const key = recordKeyOf(value);
        if (key) {
          this.fetched[key] = at;
          this.arrivedHere.add(key);
        }
      }
    }
    this.scheduleSave();
    this.changed();
  }

  /** When the record `Typename:id` last came from the server, or undefined when it never did here. */
  fetchedAt(typename: string, id: number): number | undefined {
    return this.fetched[`${typename}:${id}`];
  }

  /** Notes a query's answer; only the newest LISTS_NOTED are kept (every search typed is one). */
  private noteListed(key: string, at: number): void {
    delete this.listed[key];
    this.listed[key] = at;
    const keys = Object.keys(this.listed);
    for (const old of keys.slice(0, Math.max(0, keys.length - LISTS_NOTED))) delete this.listed[old];
  }

  /** When the answer to `listKey` last came from the server, or undefined when it never did. */
  listFetchedAt(key: string): number | undefined {
    return this.listed[key];
  }

  /**
   * Whether the record `Typename:id` this page shows is only the kept copy: restored at start, not yet
   * asked of the server here. Such a page asks the server at once when it can, never showing an old
   * copy as current (a file deleted just before a reload came back until the next refresh).
   */
  isKeptCopyOnly(typename: string, id: number): boolean {
    const key = `${typename}:${id}`;
    return key in this.fetched && !this.arrivedHere.has(key);
  }

  /** Writes what is waiting now (the page is being hidden or closed). */
  flush(): Promise<void> {
    if (this.timer === null) return this.writing;
    clearTimeout(this.timer);
    this.timer = null;
    return this.save();
  }

  /**
   * Forgets everything kept, on the device and in this page (sign-out; another person signs in). Any
   * write under way finishes first, so nothing of theirs is written after it.
   */
  async clear(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.fetched = {};
    this.listed = {};
    this.arrivedHere.clear();
    this.owner = null;
    this.dropped = null;
    this.changed();
    await this.writing.catch(() => undefined);
    await this.options.store.clear();
    // Nothing stored is anyone's now: the next person's writes need not read it.
    this.holdsStored = true;
  }

  /**
   * The session changed: what was kept for someone else goes; someone signing in with nothing noted
   * yet in this page gets their own kept records back (and another person's are deleted unread).
   */
  async personChanged(): Promise<void> {
    const me = this.options.owner();
    if (this.owner) {
      if (!samePerson(this.owner, me)) await this.clear();
      return;
    }
    // Only into a page that has noted nothing yet: restoring replaces the whole cache.
    if (me && Object.keys(this.fetched).length === 0) await this.restore();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes with every response noted or restore, for useSyncExternalStore. */
  version = 0;
  getVersion = (): number => this.version;

  private changed(): void {
    this.version += 1;
    this.listeners.forEach((listener) => listener());
  }

  private scheduleSave(): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.save();
    }, this.saveDelayMs);
  }

  private save(): Promise<void> {
    const owner = this.options.owner();
    if (!owner) return this.writing;
    if (this.owner && !samePerson(this.owner, owner)) return this.writing;
    this.owner = owner;
    // One write at a time, in order: a slow write never lands after a newer one. The snapshot is taken
    // when its turn comes, after what is stored was taken in.
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        if (!this.holdsStored) await this.takeInStored(owner);
        if (!samePerson(this.owner, this.options.owner())) return;
        await this.options.store.write(
          versioned(KEPT_SNAPSHOT_SCHEMA, {
            owner: { subject: owner.subject, organization: owner.organization },
            savedAt: this.now(),
            fetchedAt: { ...this.fetched },
            listedAt: { ...this.listed },
            cache: this.options.cache.extract() as NormalizedCacheObject,
          }),
        );
      })
      .catch(() => undefined);
    return this.writing;
  }

  /** Before this page's first write: the same person's kept records are taken in, never written over. */
  private async takeInStored(owner: PersonId): Promise<void> {
    // A store that cannot be read does not stop this page's records from being kept.
    // One it cannot read (a later version's) is written over: this page's records are this person's.
    const loaded = readStored(KEPT_SNAPSHOT_SCHEMA, await this.options.store.read().catch(() => undefined));
    if (this.holdsStored) return;
    if (loaded.state === 'read' && samePerson(loaded.value.owner, owner)) this.takeIn(loaded.value);
    else this.holdsStored = true;
  }
}

/** The kept cache with `newer` laid over it: newer records win, root fields of both are kept. */
function keptUnder(kept: NormalizedCacheObject, newer: NormalizedCacheObject): NormalizedCacheObject {
  const merged: NormalizedCacheObject = { ...kept, ...newer };
  for (const root of ['ROOT_QUERY', 'ROOT_MUTATION'] as const) {
    if (kept[root] && newer[root]) merged[root] = { ...kept[root], ...newer[root] };
  }
  return merged;
}

/** `Typename:id` of a response's top-level record, or null for lists and scalars. */
function recordKeyOf(value: unknown): string | null {
  if (!isJsonObject(value)) return null;
  const { __typename, id } = value as { __typename?: unknown; id?: unknown };
  return typeof __typename === 'string' && (typeof id === 'number' || typeof id === 'string')
    ? `${__typename}:${id}`
    : null;
}

type StoredSnapshot = KeptSnapshot & { schemaVersion: number };

/** Keeps records in memory only: for tests and where IndexedDB cannot be opened. */
export function memoryKeptRecordsStore(): KeptRecordsStore & { snapshot: StoredSnapshot | undefined } {
  const store = {
    snapshot: undefined as StoredSnapshot | undefined,
    read: async () => store.snapshot,
    write: async (snapshot: StoredSnapshot) => {
      store.snapshot = structuredClone(snapshot);
    },
    clear: async () => {
      store.snapshot = undefined;
    },
  };
  return store;
}
