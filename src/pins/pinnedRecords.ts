// Over 400 lines for a reason: one class, the life of a pin (pin, fetch ahead, keep copies within the
// budget, restore, clear), whose steps share its private state; its ports and the shapes they pass
// (pinnedPorts.ts), storages (idbPinnedStorage.ts, memoryPinnedStorage.ts), network side
// (features/pins/fetchAhead.ts) and work pool (lib) live apart.
import { samePerson, type PersonId } from '../lib/person.ts';
import type { RecordRef } from '../records/recordKinds.ts';
import { copiesOverBudget } from './keptBudget.ts';
import { workPool } from '../lib/workPool.ts';
import { reachability } from '../lib/reachability.ts';
import { readStored, versioned, type NotRead } from '../lib/storedSchema.ts';
import {
  pinKey,
  PINNED_STATE_SCHEMA,
  UnkeepableFile,
  type KeepableAttachment,
  type KeptFile,
  type PinnedRecord,
  type PinnedRecordsOptions,
  type PinnedSnapshot,
  type PinnedState,
  type PinStatus,
  type PinView,
} from './pinnedPorts.ts';

interface Running {
  controller: AbortController;
  done: number;
  total: number;
}

/**
 * Records pinned for the shift (issue 24, item 2), per person: a pinned record, the records it pins
 * with it (a run its steps and their fields) and their attachment lists are fetched ahead so the kept
 * records hold them, and each image attachment is kept as a small copy and each PDF as its first page,
 * within a budget (oldest unpinned copies deleted first, then the oldest pins'). Bound to one person as
 * the kept records are: restored only for them, cleared at sign-out or when someone else signs in.
 * Plain TypeScript; views subscribe.
 */
export class PinnedRecords {
  private owner: PersonId | null = null;
  private pins: PinnedRecord[] = [];
  private files = new Map<number, KeptFile>();
  private readonly running = new Map<string, Running>();
  private readonly errors = new Map<string, unknown>();
  private persisted: boolean | null = null;
  private dropped: NotRead | null = null;
  /** Grows at every clear: work started before it never writes after it. */
  private epoch = 0;
  private writing: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  private snapshot: PinnedSnapshot;
  private readonly now: () => number;
  private readonly isOnline: () => boolean;

  constructor(private readonly options: PinnedRecordsOptions) {
    this.now = options.now ?? Date.now;
    this.isOnline = options.isOnline ?? reachability.isReachable;
    this.snapshot = this.makeSnapshot();
  }

  /**
   * Reads the signed-in person's pins (another person's are deleted unread), asks whether the browser
   * keeps the site's data, deletes copies a closed page left without their entry, and goes on with
   * pins not fetched in full. Resolves once the pins are known; fetching goes on after.
   */
  async restore(): Promise<void> {
    const epoch = this.epoch;
    const stored = await this.options.storage.readState().catch(() => undefined);
    const me = this.options.owner();
    if (epoch !== this.epoch) return;
    const loaded = stored === undefined ? undefined : readStored(PINNED_STATE_SCHEMA, stored);
    if (loaded && loaded.state !== 'read') {
      // Whose they are cannot be told: dropped once someone is signed in, who is told.
      if (me) {
        await this.clear();
        this.dropped = loaded.state;
        this.changed();
      }
      return;
    }
    const state = loaded?.value;
    if (state && !samePerson(state.owner, me)) {
      // Nobody signed in yet: left for its owner, unread. Someone else: never theirs to see.
      if (me) await this.clear();
      return;
    }
    if (state) {
      this.owner = state.owner;
      this.pins = state.pins;
      this.files = new Map(state.files.map((file) => [file.id, file]));
    }
    this.persisted = (await this.options.persistence?.persisted().catch(() => null)) ?? null;
    this.changed();
    if (state) {
      // A budget lowered in config.json since applies at once.
      await this.keepWithinBudget(epoch);
    }
    void this.removeStrayCopies(epoch).then(() => {
      if (epoch === this.epoch) this.resume();
    });
  }

  /** The session changed: another person's pins go; someone signing in gets their own back. */
  async personChanged(): Promise<void> {
    const me = this.options.owner();
    if (this.owner && !samePerson(this.owner, me)) await this.clear();
    if (me && !this.owner) await this.restore();
  }

  /**
   * Wires the pins to the session and the network: restores them, follows who is signed in, and
   * fetches ahead what waits when the network returns. Returns once the pins are known, or after
   * `waitMs` at most: a device that leaves IndexedDB unanswered (storage all but full) never holds the
   * first page back; the pins then show when they are read.
   */
  async start(session: { subscribe(listener: () => void): () => void }, waitMs = 1_000): Promise<void> {
    session.subscribe(() => void this.personChanged());
    if (typeof window !== 'undefined') window.addEventListener('online', () => this.resume());
    // The server answers again after lie-fi (the browser said online all along).
    let wasReachable = reachability.isReachable();
    reachability.subscribe(() => {
      const now = reachability.isReachable();
      if (now && !wasReachable) this.resume();
      wasReachable = now;
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      this.restore(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
      }),
    ]);
    clearTimeout(timer);
  }

  /**
   * Pins a record (for the person signed in) and fetches it ahead now, or when the network returns.
   * The first pin asks the browser to keep the site's data (Safari deletes it after 7 days unused).
   */
  pin(record: RecordRef & { title: string; context?: string }): void {
    const me = this.options.owner();
    if (!me) return;
    this.owner ??= { subject: me.subject, organization: me.organization };
    const key = pinKey(record);
    if (!this.pins.some((pin) => pinKey(pin) === key)) {
      const first = this.pins.length === 0;
      this.pins = [
        ...this.pins,
        {
          kind: record.kind,
          id: record.id,
          title: record.title,
          ...(record.context ? { context: record.context } : {}),
          pinnedAt: this.now(),
          files: [],
          unreadable: [],
        },
      ];
      if (first) void this.askToPersist();
      void this.save(this.epoch);
    }
    void this.fetchAhead(key);
  }

  /** Unpins: its fetch stops; its copies stay until the budget needs their room (they go first). */
  unpin(record: RecordRef): void {
    const key = pinKey(record);
    this.running.get(key)?.controller.abort();
    this.running.delete(key);
    this.errors.delete(key);
    this.pins = this.pins.filter((pin) => pinKey(pin) !== key);
    this.changed();
    void this.save(this.epoch);
  }

  /** Fetches a pin ahead again (after a failure). */
  retry(record: RecordRef): void {
    void this.fetchAhead(pinKey(record));
  }

  /** Fetches ahead every pin not fetched in full, failed, or fetched long ago (the network is back). */
  resume(): void {
    const staleBefore = this.now() - (this.options.refreshAfterMs ?? 60 * 60_000);
    for (const pin of this.pins) {
      if (pin.fetchedAt === undefined || pin.fetchedAt < staleBefore || this.errors.has(pinKey(pin))) {
        void this.fetchAhead(pinKey(pin));
      }
    }
  }

  /** The kept copy of an attachment, or undefined when none is kept. */
  async readFile(id: number): Promise<Blob | undefined> {
    if (!this.files.has(id)) return undefined;
    return this.options.storage.readFile(id).catch(() => undefined);
  }

  /** Forgets every pin and copy, on the device and in this page (sign-out; another person signs in). */
  async clear(): Promise<void> {
    this.epoch += 1;
    for (const { controller } of this.running.values()) controller.abort();
    this.running.clear();
    this.errors.clear();
    this.owner = null;
    this.pins = [];
    this.files = new Map();
    this.dropped = null;
    this.changed();
    // Any write under way finishes first, so nothing of theirs is written after the clear.
    await this.writing.catch(() => undefined);
    await this.options.storage.clear();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): PinnedSnapshot => this.snapshot;

  /** One pin's view, or undefined when the record is not pinned. */
  pinOf(record: RecordRef): PinView | undefined {
    const key = pinKey(record);
    return this.snapshot.pins.find((pin) => pinKey(pin) === key);
  }

  private async askToPersist(): Promise<void> {
    const manager = this.options.persistence;
    if (!manager) return;
    try {
      this.persisted = (await manager.persisted()) || (await manager.persist());
    } catch {
      this.persisted = false;
    }
    this.changed();
  }

  private async fetchAhead(key: string): Promise<void> {
    if (this.running.has(key) || !this.findPin(key)) return;
    if (!this.isOnline()) {
      this.changed();
      return;
    }
    const epoch = this.epoch;
    const running: Running = { controller: new AbortController(), done: 0, total: 1 };
    const { signal } = running.controller;
    this.running.set(key, running);
    this.errors.delete(key);
    this.changed();
    const alive = () => !signal.aborted && epoch === this.epoch && !!this.findPin(key);
    const step = () => {
      running.done += 1;
      this.changed();
    };
    try {
      const root = this.findPin(key)!;
      const attachments = new Map<number, KeepableAttachment>();
      const unreadable: number[] = [];
      // Copies are made while further records are still asked for: the two overlap.
      const copies = workPool<KeepableAttachment>(this.options.copyConcurrency ?? 3, async (attachment) => {
        if (!alive()) return;
        if (!(await this.keepCopy(key, attachment, signal, epoch, alive))) unreadable.push(attachment.id);
        step();
      });
      const seen = new Set<string>([key]);
      const records = workPool<RecordRef>(this.options.recordConcurrency ?? 4, async (record, add) => {
        const fetched = await this.options.fetcher.fetchRecord(record, signal);
        for (const child of fetched.children) {
          if (seen.has(pinKey(child))) continue;
          seen.add(pinKey(child));
          running.total += 1;
          add(child);
        }
        for (const attachment of fetched.attachments) {
          if (attachments.has(attachment.id)) continue;
          attachments.set(attachment.id, attachment);
          running.total += 1;
          copies.add(attachment);
        }
        step();
      });
      records.add({ kind: root.kind, id: root.id });
      records.close();
      try {
        await records.done;
        if (alive()) await this.options.fetcher.recordsFetched?.().catch(() => undefined);
      } finally {
        copies.close();
        await copies.done.catch((error: unknown) => {
          if (!signal.aborted) throw error;
        });
      }
      if (!alive()) return;
      this.pins = this.pins.map((pin) =>
        pinKey(pin) === key
          ? { ...pin, fetchedAt: this.now(), files: [...attachments.keys()], unreadable }
          : pin,
      );
      await this.save(epoch);
    } catch (error) {
      if (alive()) this.errors.set(key, error);
    } finally {
      if (this.running.get(key) === running) this.running.delete(key);
      this.changed();
    }
  }

  /**
   * Keeps one attachment's copy for the pin `key`: true once kept (or already kept for another pin),
   * false when its bytes could not be read or drawn.
   */
  private async keepCopy(
    key: string,
    attachment: KeepableAttachment,
    signal: AbortSignal,
    epoch: number,
    alive: () => boolean,
  ): Promise<boolean> {
    const kept = this.files.get(attachment.id);
    if (kept) {
      // An attachment never changes: the copy made for another pin serves this one too.
      if (!kept.pins.includes(key)) this.setFile({ ...kept, pins: [...kept.pins, key] });
      return true;
    }
    let blob: Blob;
    try {
      blob = await this.options.fetcher.keepCopy(attachment, signal);
    } catch (error) {
      if (error instanceof UnkeepableFile) return false;
      throw error;
    }
    if (!alive()) return true;
    await this.serially(() => this.options.storage.writeFile(attachment.id, blob));
    if (!alive()) return true;
    this.setFile({
      id: attachment.id,
      form: attachment.form,
      bytes: blob.size,
      keptAt: this.now(),
      pins: [key],
    });
    await this.keepWithinBudget(epoch);
    return true;
  }

  private setFile(file: KeptFile): void {
    this.files = new Map(this.files).set(file.id, file);
  }

  /** Deletes copies until the rest fit the budget (see copiesOverBudget for which go first). */
  private async keepWithinBudget(epoch: number): Promise<void> {
    const pinnedAt = new Map(this.pins.map((pin) => [pinKey(pin), pin.pinnedAt]));
    const over = copiesOverBudget([...this.files.values()], pinnedAt, this.options.budgetBytes);
    if (over.length === 0) return;
    const files = new Map(this.files);
    for (const id of over) files.delete(id);
    this.files = files;
    this.changed();
    await this.serially(() => this.options.storage.deleteFiles(over));
    await this.save(epoch);
  }

  private async removeStrayCopies(epoch: number): Promise<void> {
    try {
      const stored = await this.options.storage.fileIds();
      // A copy being made right now has its bytes stored a moment before its entry: left alone.
      if (epoch !== this.epoch || this.running.size > 0) return;
      const stray = stored.filter((id) => !this.files.has(id));
      if (stray.length > 0) await this.serially(() => this.options.storage.deleteFiles(stray));
    } catch {
      // Left for the next start.
    }
  }

  private save(epoch: number): Promise<void> {
    this.changed();
    const owner = this.owner;
    if (!owner || epoch !== this.epoch) return this.writing;
    const state: PinnedState = { owner, pins: this.pins, files: [...this.files.values()] };
    return this.serially(() =>
      epoch === this.epoch
        ? this.options.storage.writeState(versioned(PINNED_STATE_SCHEMA, state))
        : Promise.resolve(),
    );
  }

  /** One write at a time, in order: a slow write never lands after a newer one, nor after a clear. */
  private serially(write: () => Promise<void>): Promise<void> {
    this.writing = this.writing
      .catch(() => undefined)
      .then(write)
      .catch(() => undefined);
    return this.writing;
  }

  private findPin(key: string): PinnedRecord | undefined {
    return this.pins.find((pin) => pinKey(pin) === key);
  }

  private statusOf(pin: PinnedRecord): PinStatus {
    const key = pinKey(pin);
    const running = this.running.get(key);
    if (running) return { state: 'pinning', done: running.done, total: running.total };
    if (this.errors.has(key)) return { state: 'failed', error: this.errors.get(key) };
    if (pin.fetchedAt === undefined) return { state: 'waiting' };
    const leftOut = pin.files.filter((id) => !this.files.has(id) && !pin.unreadable.includes(id)).length;
    return { state: 'pinned', fetchedAt: pin.fetchedAt, unreadable: pin.unreadable.length, leftOut };
  }

  private makeSnapshot(): PinnedSnapshot {
    let usageBytes = 0;
    for (const file of this.files.values()) usageBytes += file.bytes;
    return {
      pins: this.pins.map((pin) => ({ ...pin, status: this.statusOf(pin) })),
      files: this.files,
      usageBytes,
      budgetBytes: this.options.budgetBytes,
      persisted: this.persisted,
      dropped: this.dropped,
    };
  }

  private changed(): void {
    this.snapshot = this.makeSnapshot();
    this.listeners.forEach((listener) => listener());
  }
}
