import type { StoredOfOther, StoredUpload, UploadOwnership, UploadStore } from './uploadPorts.ts';
import { type UploadEntry } from './types.ts';
import { samePerson, type Person } from '../lib/person.ts';

/**
 * How long a file's bytes may go unstored, from the moment they are handed over, before the file is
 * said not to be kept on the device ("Not saved on this tablet"); the notice goes once they land.
 * A full disk is said sooner: a refused write, or a device that says it has no room, flags at once.
 */
export const KEEP_WRITE_PATIENCE_MS = 5_000;

/** First writes of files (their bytes) handed to the store at once; the others wait their turn. */
export const FIRST_WRITES_AT_ONCE = 3;

/** What sorting the stored files found: this person's to resume, everyone else's to hold for them. */
export interface StoredForPerson {
  mine: UploadEntry[];
  /** Without their bytes; rows stored before files carried a person have none: nobody can vouch for them. */
  others: StoredOfOther[];
  /** Pages still open whose files were left to them: what is theirs is taken up once they have gone. */
  busyOwners: string[];
}

/**
 * What this page keeps of its files so a reload, a crash or a sign-in redirect loses none of them
 * (the role of Uppy's Golden Retriever): which fields are kept, the order of writes, and how a stored
 * file comes back.
 */
export class KeptUploads {
  /** Each file's last write asked for: a file's writes land in order, other files' never wait on it. */
  private readonly writes = new Map<string, Promise<void>>();
  /** Files stored at least once: a later write that fails leaves an older copy, not none. */
  private readonly stored = new Set<string>();
  /** First writes (each with the file's bytes) waiting for their turn, in the order they were asked. */
  private readonly firstInLine: { id: string; go: () => void }[] = [];
  private firstWritesRunning = 0;
  /** Files asked to be stored whose bytes are not stored yet (held only in this page), and their sizes. */
  private readonly unstored = new Map<string, number>();
  /** The device refused the last write with bytes: the files that follow are not saved until they are. */
  private refusing = false;

  /** `onKept` hears, per file, whether it is stored now or could not be (a full disk, say). */
  constructor(
    private readonly store: UploadStore,
    private readonly ownership: UploadOwnership,
    private readonly onKept: (id: string, kept: boolean) => void,
  ) {}

  /** What is kept of an entry: no progress or waits, nothing held only in this page. */
  toStored(entry: UploadEntry): StoredUpload {
    const {
      sentBytes: _sent,
      bytesPerSecond: _speed,
      waiting: _waiting,
      originalKept: _kept,
      original: _original,
      notKept: _notKept,
      registerSent,
      ...rest
    } = entry;
    // One write before registering serves both facts: the key to register, and that it may be sent.
    return {
      ...rest,
      registerSent: registerSent === true || entry.state === 'registering',
      owner: this.ownership.ownerId,
    };
  }

  /**
   * Stores each file in its own transaction (Golden Retriever does the same), so storage that is full
   * refuses only what does not fit, and says which. A file's writes run one after another, so its later
   * state never loses to an earlier one; different files' writes do not wait for each other.
   *
   * A file's first write (its bytes) waits for its turn: at most FIRST_WRITES_AT_ONCE of them are
   * handed to IndexedDB at once, in the order asked. A drop of 30 files then costs the drop's task a
   * few writes, not 30, and the small writes of files on their way (before a registration) queue
   * behind a few file writes in IndexedDB, not behind every file of the batch.
   */
  save(entries: readonly UploadEntry[]): Promise<void> {
    const rows = entries.map((entry) => this.toStored(entry));
    this.watchNew(rows.filter((row) => !this.stored.has(row.id) && !this.unstored.has(row.id)));
    return Promise.all(rows.map((row) => this.queueWrite(row.id, () => this.write(row)))).then(
      () => undefined,
    );
  }

  /**
   * Files handed over for the first time are said not kept as soon as that is known, not when their
   * turn to be written comes: at once while the device refuses writes, once it says they cannot fit
   * (room counted after the files asked for before them), or when their bytes are still not stored
   * KEEP_WRITE_PATIENCE_MS later.
   */
  private watchNew(rows: readonly StoredUpload[]): void {
    if (rows.length === 0) return;
    const ahead = [...this.unstored.values()].reduce((sum, size) => sum + size, 0);
    for (const row of rows) this.unstored.set(row.id, row.size);
    const notKept = (ids: readonly string[]) => {
      for (const id of ids) if (this.unstored.has(id)) this.onKept(id, false);
    };
    if (this.refusing) notKept(rows.map((row) => row.id));
    void this.store.room?.().then((room) => {
      if (room === null) return;
      let left = room - ahead;
      notKept(rows.filter((row) => (left -= row.size) < 0).map((row) => row.id));
    });
    setTimeout(() => notKept(rows.map((row) => row.id)), KEEP_WRITE_PATIENCE_MS);
  }

  /** Files whose bytes are not stored yet (waiting their turn, being written, or refused): only in this page. */
  notStored(): string[] {
    return [...this.unstored.keys()];
  }

  /**
   * Resolves once every write asked for this file so far has landed (or failed: persistence is best
   * effort). A file whose first write still waits for its turn is written next.
   */
  whenKept(id: string): Promise<void> {
    const index = this.firstInLine.findIndex((waiting) => waiting.id === id);
    if (index > 0) this.firstInLine.unshift(...this.firstInLine.splice(index, 1));
    return this.writes.get(id) ?? Promise.resolve();
  }

  private async write(row: StoredUpload): Promise<void> {
    const first = !this.stored.has(row.id);
    if (first) await this.turnToWrite(row.id);
    try {
      await this.store.save(row);
      this.stored.add(row.id);
      if (this.unstored.delete(row.id)) this.refusing = false;
      this.onKept(row.id, true);
    } catch {
      // A full disk: this file, and every file whose bytes are not stored yet, is held only in this page.
      this.refusing = true;
      for (const id of this.unstored.keys()) this.onKept(id, false);
      if (!this.stored.has(row.id)) this.onKept(row.id, false);
    } finally {
      if (first) this.nextFirstWrite();
    }
  }

  private turnToWrite(id: string): Promise<void> {
    if (this.firstWritesRunning < FIRST_WRITES_AT_ONCE) {
      this.firstWritesRunning++;
      return Promise.resolve();
    }
    return new Promise((go) => this.firstInLine.push({ id, go }));
  }

  private nextFirstWrite(): void {
    const next = this.firstInLine.shift();
    if (next) next.go();
    else this.firstWritesRunning--;
  }

  forget(id: string): Promise<void> {
    this.stored.delete(id);
    this.unstored.delete(id);
    return this.queueWrite(id, () => this.store.remove(id));
  }

  /**
   * Takes up the stored files this page may have, while no other page of this origin does the same:
   * `take` receives them sorted (sortStored), and this person's are marked as this page's before another
   * tab may look. Gives back this person's files; none when storage cannot be read.
   */
  async adopt(
    me: Person,
    known: (id: string) => boolean,
    take: (found: StoredForPerson) => void,
  ): Promise<UploadEntry[]> {
    try {
      return await this.ownership.exclusively(async () => {
        const found = await this.sortStored(me, known);
        take(found);
        await this.save(found.mine);
        return found.mine;
      });
    } catch {
      // Without storage this page still uploads what it is given; nothing earlier can be resumed.
      return [];
    }
  }

  /**
   * The stored files this page may take up, oldest first, sorted by who dropped them; files another
   * open tab still works on are left to it, and those this page already has (`known`) are skipped.
   */
  private async sortStored(me: Person, known: (id: string) => boolean): Promise<StoredForPerson> {
    const { ownership } = this;
    const alive = new Map<string, boolean>();
    const sorted: StoredForPerson = { mine: [], others: [], busyOwners: [] };
    const found = await this.store.loadFor(me);
    const rows: (StoredUpload | StoredOfOther)[] = [...found.mine, ...found.others];
    for (const row of rows.sort((a, b) => a.createdAt - b.createdAt)) {
      if (known(row.id)) continue;
      if (row.owner !== ownership.ownerId) {
        if (!alive.has(row.owner)) {
          const isAlive = await ownership.isAlive(row.owner);
          alive.set(row.owner, isAlive);
          if (isAlive) sorted.busyOwners.push(row.owner);
        }
        if (alive.get(row.owner)) continue;
      }
      if ('file' in row && samePerson(row.person, me)) {
        this.stored.add(row.id);
        sorted.mine.push(resumed(row));
      } else sorted.others.push(row);
    }
    return sorted;
  }

  private queueWrite(id: string, write: () => Promise<void>): Promise<void> {
    // Persistence is best effort: when IndexedDB is unavailable uploads still finish in this page.
    const written = (this.writes.get(id) ?? Promise.resolve()).then(write).catch(() => undefined);
    this.writes.set(id, written);
    void written.then(() => {
      if (this.writes.get(id) === written) this.writes.delete(id);
    });
    return written;
  }
}

/**
 * A stored file as it comes back: a failed one stays failed; one whose bytes were uploaded goes on to
 * be registered (looked up first if a registration may have been sent); any other starts again.
 */
function resumed({ owner: _owner, ...saved }: StoredUpload): UploadEntry {
  const uploaded = saved.s3Key !== undefined && saved.s3Etag !== undefined;
  return {
    ...saved,
    sentBytes: 0,
    bytesPerSecond: 0,
    ...(saved.state === 'failed'
      ? {}
      : uploaded
        ? { state: 'registering' }
        : { state: 'queued', s3Key: undefined, s3Etag: undefined }),
  };
}
