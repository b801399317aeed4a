import { backoffDelay, type BackoffOptions } from '../lib/backoff.ts';
import { FAILURE_WORDS } from '../lib/failures.ts';
import { moreSpecificFilename } from './ticketFilename.ts';
import { UploadError, isUploadError } from './uploadErrors.ts';
import type {
  Clock,
  Connectivity,
  Md5,
  ObjectStorage,
  PersonSource,
  ResumeSignal,
  PreparePhoto,
  SessionGate,
  StoredUpload,
  UploadApi,
  UploadOwnership,
  UploadStore,
} from './uploadPorts.ts';
import {
  isFinished,
  samePerson,
  type MarkupDraft,
  type UploadEntry,
  type UploadPerson,
  type UploadTarget,
  type UploadTicket,
} from './types.ts';
import { formatBytes } from './formatBytes.ts';

export interface RetryPolicy extends BackoffOptions {
  /** Retries after the first attempt; the next failure is final. */
  maxRetries: number;
}

export const defaultRetryPolicy: RetryPolicy = { baseMs: 1_000, maxMs: 30_000, maxRetries: 6 };

export interface UploadQueueOptions {
  api: UploadApi;
  storage: ObjectStorage;
  md5: Md5;
  store: UploadStore;
  ownership: UploadOwnership;
  connectivity: Connectivity;
  session: SessionGate;
  /** Who is signed in: files are stamped with it and sent only while it is the same person. */
  person: PersonSource;
  /** Cuts retry and sign-in waits short, so files do not wait on a timer once things look better. */
  resume: ResumeSignal;
  clock: Clock;
  random: () => number;
  /** Read at each add, so a configuration loaded after the queue was built still applies. */
  maxUploadBytes: () => number;
  /** Files moving at once (each does ticket, PUT, registration in turn). */
  concurrency?: number;
  backoff?: RetryPolicy;
  /** Makes photos lighter before they are stored and sent; without it files go as they are. */
  prepare?: PreparePhoto | null;
  /** Changes are announced at most this often, so 500 files do not re-render 500 times. */
  notifyEveryMs?: number;
  newId?: () => string;
}

export interface UploadEvent {
  type: 'attached' | 'failed';
  entry: UploadEntry;
}

/** Files someone else dropped on this browser, waiting for them to sign in again. */
export interface LeftFiles {
  /** Identifies the person for discardLeftBy. */
  key: string;
  name: string;
  count: number;
}

export interface Refusal {
  filename: string;
  reason: string;
}

/** The PUT may take as long as the file needs at a poor 20 kB/s, and never less than two minutes. */
/** A PUT that sends nothing for this long gives its slot back and is tried again. */
export const PUT_STALL_MS = 30_000;

const speedSampleMs = 250;

const personKey = (person: UploadPerson | undefined) =>
  person ? JSON.stringify([person.organization, person.subject]) : '';

/**
 * The one upload queue of the app: a state machine per file (queued → ticket → uploading →
 * registering → attached | failed | cancelled), bounded concurrency, retries, persistence.
 * It knows nothing of React: views subscribe and read immutable snapshots.
 */
export class UploadQueue {
  private readonly options: Required<UploadQueueOptions>;
  private readonly entries = new Map<string, UploadEntry>();
  /** Stored files of other people: never sent from here, only counted and, if confirmed, discarded. */
  private readonly others = new Map<string, Omit<StoredUpload, 'person'> & { person?: UploadPerson }>();
  private othersSnapshot: readonly LeftFiles[] = [];
  /** Entries whose createFileAttachment may have reached the server: look before registering again. */
  private readonly registerSent = new Set<string>();
  private readonly running = new Map<string, AbortController>();
  /** Originals of photos made lighter, held in this page only, for "Send original". */
  private readonly originals = new Map<string, Pick<UploadEntry, 'file' | 'filename' | 'type' | 'size'>>();
  /** Entries to start again once their stopped run has ended. */
  private readonly restartWhenStopped = new Set<string>();
  private readonly pending: string[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(events: UploadEvent[]) => void>();
  private pendingEvents: UploadEvent[] = [];
  private snapshot: readonly UploadEntry[] = [];
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private storeWrites: Promise<void> = Promise.resolve();

  constructor(options: UploadQueueOptions) {
    this.options = {
      concurrency: 3,
      backoff: defaultRetryPolicy,
      notifyEveryMs: 100,
      newId: () => crypto.randomUUID(),
      prepare: null,
      ...options,
    };
  }

  getSnapshot = (): readonly UploadEntry[] => this.snapshot;

  /** Who else left files here, and how many, for "2 files left by Taylor Technician". */
  getLeftByOthers = (): readonly LeftFiles[] => this.othersSnapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Attached and failed files, delivered in batches with the snapshot changes. */
  onEvents(listener: (events: UploadEvent[]) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** Queues files for a record; files over the size limit are refused before anything is sent. */
  add(files: readonly File[], target: UploadTarget): { added: UploadEntry[]; refused: Refusal[] } {
    const maxBytes = this.options.maxUploadBytes();
    const person = this.options.person.current();
    const added: UploadEntry[] = [];
    const refused: Refusal[] = [];
    for (const file of files) {
      if (!person) {
        refused.push({ filename: file.name, reason: 'Sign in to attach files.' });
        continue;
      }
      if (file.size > maxBytes) {
        refused.push({
          filename: file.name,
          reason: `Larger than the ${formatBytes(maxBytes)} limit (${formatBytes(file.size)}).`,
        });
        continue;
      }
      const entry: UploadEntry = {
        id: this.options.newId(),
        file,
        filename: file.name,
        size: file.size,
        type: file.type,
        target,
        person,
        state: 'queued',
        sentBytes: 0,
        bytesPerSecond: 0,
        createdAt: this.options.clock.now(),
      };
      this.entries.set(entry.id, entry);
      this.pending.push(entry.id);
      added.push(entry);
    }
    if (added.length > 0) {
      void this.persist(added.map((entry) => entry.id));
      this.changed();
      this.pump();
    }
    return { added, refused };
  }

  /** Stops a file that is not being registered yet; nothing is created for it. */
  cancel(id: string): void {
    const entry = this.entries.get(id);
    if (!entry || isFinished(entry.state) || entry.state === 'registering') return;
    this.running.get(id)?.abort(new UploadError('aborted', 'Cancelled'));
    this.dropPending(id);
    this.update(id, { state: 'cancelled', waiting: undefined, reason: undefined, markup: undefined });
    void this.unpersist(id);
  }

  /**
   * Holds a file that is not being attached yet while it is marked up, and stores the marks with it
   * (again at each change). A transfer under way stops: the technician may still keep the original
   * out. Returns false when it is too late (being attached, or finished).
   */
  holdForMarkup(id: string, draft: MarkupDraft): boolean {
    const entry = this.entries.get(id);
    if (!entry || isFinished(entry.state) || entry.state === 'registering') return false;
    if (!entry.markup) {
      this.running.get(id)?.abort(new UploadError('aborted', 'Held for markup'));
      this.dropPending(id);
    }
    this.update(id, {
      markup: draft,
      state: 'queued',
      sentBytes: 0,
      bytesPerSecond: 0,
      waiting: undefined,
      reason: undefined,
    });
    void this.persist([id]);
    return true;
  }

  /** Ends a markup hold: the original goes on to be attached, or is cancelled when it is not wanted. */
  endMarkup(id: string, keepOriginal: boolean): void {
    const entry = this.entries.get(id);
    if (!entry?.markup) return;
    if (!keepOriginal) return this.cancel(id);
    this.update(id, { markup: undefined });
    this.pending.push(id);
    void this.persist([id]);
    this.pump();
  }

  /** Starts a failed or cancelled file again; repeated calls (a double click) start it once. */
  retry(id: string): void {
    const entry = this.entries.get(id);
    if (!entry || (entry.state !== 'failed' && entry.state !== 'cancelled') || entry.refusedPermission)
      return;
    this.update(id, { state: 'queued', reason: undefined, sentBytes: 0, bytesPerSecond: 0 });
    this.pending.push(id);
    void this.persist([id]);
    this.pump();
  }

  /**
   * Sends the original of a photo that was made lighter instead of the lighter copy, as long as
   * nothing of it is being registered yet; a copy on its way is stopped first.
   */
  sendOriginal(id: string): void {
    const entry = this.entries.get(id);
    const original = this.originals.get(id);
    if (!entry || !original || entry.state === 'registering' || entry.state === 'attached') return;
    this.originals.delete(id);
    const running = this.running.get(id);
    running?.abort(new UploadError('aborted', 'Sending the original'));
    this.dropPending(id);
    this.update(id, {
      ...original,
      state: 'queued',
      lightenedFrom: undefined,
      originalKept: undefined,
      s3Key: undefined,
      s3Etag: undefined,
      sentBytes: 0,
      bytesPerSecond: 0,
      reason: undefined,
      waiting: undefined,
    });
    void this.persist([id]);
    if (running) {
      this.restartWhenStopped.add(id);
    } else {
      this.pending.push(id);
      this.pump();
    }
  }

  /** Forgets a finished file (it stays attached if it was). */
  remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry || !isFinished(entry.state)) return;
    this.entries.delete(id);
    this.originals.delete(id);
    void this.unpersist(id);
    this.changed();
  }

  clearFinished(): void {
    for (const entry of this.entries.values()) {
      if (entry.state === 'attached' || entry.state === 'cancelled') this.remove(entry.id);
    }
  }

  /**
   * Stops and forgets every file of this page, stored copies included: after a sign-out the next
   * person on this device must not see, or upload under their own name, what the last one dropped.
   */
  async discardAll(): Promise<void> {
    const ids = [...this.entries.keys()];
    for (const controller of this.running.values())
      controller.abort(new UploadError('aborted', 'Signed out'));
    this.pending.length = 0;
    this.entries.clear();
    this.originals.clear();
    this.registerSent.clear();
    this.pendingEvents = [];
    this.changed();
    await Promise.all(ids.map((id) => this.unpersist(id)));
  }

  /** Discards, once the signed-in person confirmed, the files another person left here. */
  async discardLeftBy(key: string): Promise<void> {
    const ids = [...this.others.values()].filter((entry) => personKey(entry.person) === key).map((e) => e.id);
    for (const id of ids) this.others.delete(id);
    this.changed();
    await Promise.all(ids.map((id) => this.unpersist(id)));
  }

  /**
   * Picks up what an earlier page (reload, crash, sign-in redirect) left unfinished, leaving alone
   * what another open tab is still working on.
   */
  async restore(): Promise<void> {
    const { store, ownership } = this.options;
    // Stored files are sorted by who dropped them: with nobody signed in yet, that cannot be done.
    if (!this.options.person.current()) return;
    try {
      await ownership.exclusively(async () => {
        const adopted: string[] = [];
        const alive = new Map<string, boolean>();
        const stored = (await store.loadAll()).sort((a, b) => a.createdAt - b.createdAt);
        const me = this.options.person.current();
        for (const row of stored) {
          const { registerSent, owner, ...saved } = row;
          if (this.entries.has(saved.id) || this.others.has(saved.id)) continue;
          if (owner !== ownership.ownerId) {
            if (!alive.has(owner)) alive.set(owner, await ownership.isAlive(owner));
            if (alive.get(owner)) continue;
          }
          // Files stored before they carried a person count as someone else's: nobody can vouch for them.
          if (!samePerson(saved.person, me)) {
            this.others.set(saved.id, row);
            continue;
          }
          const uploaded = saved.s3Key !== undefined && saved.s3Etag !== undefined;
          this.entries.set(saved.id, {
            ...saved,
            sentBytes: 0,
            bytesPerSecond: 0,
            ...(saved.state === 'failed'
              ? {}
              : uploaded
                ? { state: 'registering' }
                : { state: 'queued', s3Key: undefined, s3Etag: undefined }),
          });
          if (registerSent) this.registerSent.add(saved.id);
          adopted.push(saved.id);
        }
        // Marked as this page's before another tab may look.
        await this.persist(adopted);
        for (const id of adopted) {
          const { state, markup } = this.get(id);
          if (state !== 'failed' && !markup) this.pending.push(id);
        }
      });
    } catch {
      // Without storage this page still uploads what it is given; nothing earlier can be resumed.
      return;
    }
    this.changed();
    this.pump();
  }

  private pump(): void {
    while (this.running.size < this.options.concurrency && this.pending.length > 0) {
      const id = this.pending.shift()!;
      if (this.running.has(id)) continue;
      const controller = new AbortController();
      this.running.set(id, controller);
      void this.process(id, controller.signal).finally(() => {
        this.running.delete(id);
        if (this.restartWhenStopped.delete(id)) this.pending.push(id);
        this.pump();
      });
    }
  }

  private async process(id: string, signal: AbortSignal): Promise<void> {
    let urlRenewals = 0;
    let etagRenewals = 0;
    try {
      if (!this.get(id).prepared) await this.prepare(id, signal);
      for (;;) {
        const entry = this.get(id);
        if (entry.s3Key === undefined || entry.s3Etag === undefined) {
          try {
            const { s3Key, s3Etag } = await this.withRetries(id, signal, () => this.upload(id, signal));
            this.advance(id, signal, { state: 'registering', s3Key, s3Etag, waiting: undefined });
          } catch (error) {
            if (isUploadError(error) && error.kind === 'url-rejected' && urlRenewals++ < 1) continue;
            throw error;
          }
        } else if (entry.state !== 'registering') {
          this.advance(id, signal, { state: 'registering' });
        }
        // Stored before anything is sent: after a reload the answer may be the thing that was lost,
        // and a stored 'registering' entry is looked up before it is registered again (toStored).
        await this.persist([id]);
        try {
          const attachmentId = await this.withRetries(id, signal, () => this.register(id, signal));
          this.finish(id, { state: 'attached', attachmentId, waiting: undefined, reason: undefined });
          return;
        } catch (error) {
          if (isUploadError(error) && error.kind === 'etag-mismatch' && etagRenewals++ < 1) {
            this.registerSent.delete(id);
            this.advance(id, signal, { s3Key: undefined, s3Etag: undefined });
            continue;
          }
          throw error;
        }
      }
    } catch (error) {
      if (signal.aborted) return;
      if (isUploadError(error) && error.kind === 'not-owner') return this.setAside(id);
      const reason = error instanceof Error ? error.message : String(error);
      const refusedPermission = isUploadError(error) && error.kind === 'forbidden';
      this.finish(id, {
        state: 'failed',
        reason,
        waiting: undefined,
        ...(refusedPermission && { refusedPermission }),
      });
    }
  }

  /**
   * Makes a photo lighter once, before anything is sent: the lighter file replaces it in the entry and
   * in storage (so it is what is hashed, named for the ticket and resumed after a reload), and the
   * original is held in this page for "Send original". A photo that cannot be made lighter goes as
   * it is, saying why.
   */
  private async prepare(id: string, signal: AbortSignal): Promise<void> {
    const { prepare } = this.options;
    const entry = this.get(id);
    if (prepare) {
      this.advance(id, signal, { waiting: 'lightening' });
      try {
        const lighter = await prepare(entry.file, entry.filename, signal);
        this.throwIfAborted(signal);
        if (lighter) {
          this.originals.set(id, {
            file: entry.file,
            filename: entry.filename,
            type: entry.type,
            size: entry.size,
          });
          this.update(id, {
            ...lighter,
            size: lighter.file.size,
            lightenedFrom: entry.size,
            originalKept: true,
          });
        }
      } catch (error) {
        this.throwIfAborted(signal);
        this.update(id, { lighteningFailed: error instanceof Error ? error.message : String(error) });
      }
    }
    this.advance(id, signal, { prepared: true, waiting: undefined });
    await this.persist([id]);
  }

  /** One storage round: a fresh ticket (each try, since a URL is single-use), the PUT, the ETag. */
  private async upload(id: string, signal: AbortSignal): Promise<{ s3Key: string; s3Etag: string }> {
    this.advance(id, signal, { state: 'ticket', sentBytes: 0, bytesPerSecond: 0 });
    const entry = this.get(id);
    const ticket = await this.requestTicket(entry, signal);
    this.advance(id, signal, { state: 'uploading', waiting: undefined });
    let sample = { at: this.options.clock.now(), sent: 0 };
    const { etag } = await this.options.storage.put({
      url: ticket.uploadUrl,
      body: entry.file,
      contentType: ticket.contentType,
      stallTimeoutMs: PUT_STALL_MS,
      signal,
      onProgress: (sent) => {
        if (signal.aborted) return;
        const at = this.options.clock.now();
        let { bytesPerSecond } = this.get(id);
        if (at - sample.at >= speedSampleMs) {
          const current = ((sent - sample.sent) * 1000) / (at - sample.at);
          bytesPerSecond = bytesPerSecond > 0 ? bytesPerSecond * 0.7 + current * 0.3 : current;
          sample = { at, sent };
        }
        this.update(id, { sentBytes: sent, bytesPerSecond });
      },
    });
    this.throwIfAborted(signal);
    const s3Etag = etag ?? (await this.options.md5(entry.file, signal));
    return { s3Key: ticket.s3Key, s3Etag };
  }

  private async requestTicket(entry: UploadEntry, signal: AbortSignal): Promise<UploadTicket> {
    const ticket = await this.options.api.requestTicket(entry.filename, signal);
    const specific = moreSpecificFilename(entry.filename, ticket.contentType, entry.type);
    return specific === null ? ticket : this.options.api.requestTicket(specific, signal);
  }

  private async register(id: string, signal: AbortSignal): Promise<number> {
    const { filename, s3Key, s3Etag, target } = this.get(id);
    if (s3Key === undefined || s3Etag === undefined) throw new Error('Nothing uploaded to register.');
    if (this.registerSent.has(id)) {
      const existing = await this.options.api.findAttachment(target, s3Key, signal);
      if (existing !== null) return existing;
    }
    this.registerSent.add(id);
    return this.options.api.register({ filename, s3Key, s3Etag, target }, signal);
  }

  /** Runs one step, riding out offline periods, sign-in and transient failures (bounded). */
  private async withRetries<T>(id: string, signal: AbortSignal, step: () => Promise<T>): Promise<T> {
    const { connectivity, session, clock, backoff, random, person } = this.options;
    let retries = 0;
    for (;;) {
      // Checked before every step: a file goes only with the token of the person who dropped it.
      const signedIn = person.current();
      if (!signedIn) {
        this.update(id, { waiting: 'sign-in' });
        await session.whenSignedIn(signal);
        this.update(id, { waiting: undefined });
        continue;
      }
      if (!samePerson(signedIn, this.get(id).person)) {
        throw new UploadError('not-owner', 'Waiting for the person who dropped it.');
      }
      if (!connectivity.isOnline()) {
        this.update(id, { waiting: 'network' });
        await connectivity.whenOnline(signal);
        this.update(id, { waiting: undefined });
      }
      try {
        return await step();
      } catch (error) {
        this.throwIfAborted(signal);
        const failure = isUploadError(error)
          ? error
          : new UploadError(
              'permanent',
              FAILURE_WORDS.unknown(error instanceof Error ? error.message : undefined),
            );
        const offline = failure.kind === 'transient' && !connectivity.isOnline();
        if (offline) continue;
        if (failure.kind === 'sign-in') {
          this.update(id, { waiting: 'sign-in' });
          await this.untilResumed(signal, (wait) => session.whenSignedIn(wait));
          this.update(id, { waiting: undefined });
          continue;
        }
        if (failure.kind !== 'transient' || retries >= backoff.maxRetries) throw failure;
        this.update(id, { waiting: 'retry', reason: failure.message });
        const delay = Math.max(backoffDelay(++retries, backoff, random), failure.retryAfterMs ?? 0);
        // A server that said when to come back is waited for; otherwise the network coming back or
        // the page being shown again ends the wait early.
        if (failure.retryAfterMs) await clock.sleep(delay, signal);
        else await this.untilResumed(signal, (wait) => clock.sleep(delay, wait));
        this.update(id, { waiting: undefined, reason: undefined });
      }
    }
  }

  /** Runs a wait that ends early when the page resumes (online, shown again); aborts as the file does. */
  private async untilResumed(
    signal: AbortSignal,
    wait: (signal: AbortSignal) => Promise<void>,
  ): Promise<void> {
    const early = new AbortController();
    const onAbort = () => early.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const stop = this.options.resume.onResume(() => early.abort(new UploadError('aborted', 'Resumed')));
    try {
      await wait(early.signal);
    } catch (error) {
      if (signal.aborted || !early.signal.aborted) throw error;
    } finally {
      stop();
      signal.removeEventListener('abort', onAbort);
    }
  }

  /** Someone else is signed in now: the file leaves this person's list and waits for its owner. */
  private setAside(id: string): void {
    const entry = this.get(id);
    this.entries.delete(id);
    this.others.set(id, { ...this.toStored({ ...entry, state: 'queued', waiting: undefined }) });
    this.changed();
  }

  private throwIfAborted(signal: AbortSignal): void {
    if (signal.aborted) throw new UploadError('aborted', 'Cancelled');
  }

  /** A state change of a running file; refused once the file was cancelled. */
  private advance(id: string, signal: AbortSignal, patch: Partial<UploadEntry>): void {
    this.throwIfAborted(signal);
    this.update(id, patch);
  }

  private finish(id: string, patch: Partial<UploadEntry> & { state: 'attached' | 'failed' }): void {
    this.update(id, patch);
    if (patch.state === 'attached') {
      this.registerSent.delete(id);
      void this.unpersist(id);
    } else {
      void this.persist([id]);
    }
    this.pendingEvents.push({ type: patch.state, entry: this.get(id) });
    this.changed();
  }

  private get(id: string): UploadEntry {
    const entry = this.entries.get(id);
    if (!entry) throw new UploadError('aborted', 'Removed');
    return entry;
  }

  private update(id: string, patch: Partial<UploadEntry>): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.set(id, { ...entry, ...patch });
    this.changed();
  }

  private dropPending(id: string): void {
    const index = this.pending.indexOf(id);
    if (index >= 0) this.pending.splice(index, 1);
  }

  private changed(): void {
    if (this.notifyTimer !== null) return;
    this.notifyTimer = setTimeout(() => this.notify(), this.options.notifyEveryMs);
  }

  private notify(): void {
    this.notifyTimer = null;
    this.snapshot = [...this.entries.values()];
    this.othersSnapshot = this.summariseOthers();
    for (const listener of this.listeners) listener();
    if (this.pendingEvents.length === 0) return;
    const events = this.pendingEvents;
    this.pendingEvents = [];
    for (const listener of this.eventListeners) listener(events);
  }

  private summariseOthers(): readonly LeftFiles[] {
    const byPerson = new Map<string, LeftFiles>();
    for (const { person } of this.others.values()) {
      const key = personKey(person);
      const left = byPerson.get(key) ?? { key, name: person?.name || 'an earlier user', count: 0 };
      byPerson.set(key, { ...left, count: left.count + 1 });
    }
    const summary = [...byPerson.values()];
    const same =
      summary.length === this.othersSnapshot.length &&
      summary.every((left, i) => {
        const shown = this.othersSnapshot[i];
        return shown?.key === left.key && shown.count === left.count;
      });
    // Unchanged summaries keep their identity, so views reading them do not render again.
    return same ? this.othersSnapshot : summary;
  }

  private toStored(entry: UploadEntry): StoredUpload {
    const {
      sentBytes: _sent,
      bytesPerSecond: _speed,
      waiting: _waiting,
      originalKept: _kept,
      ...rest
    } = entry;
    // One write before registering serves both facts: the key to register, and that it may be sent.
    const registerSent = this.registerSent.has(entry.id) || entry.state === 'registering';
    return { ...rest, registerSent, owner: this.options.ownership.ownerId };
  }

  /** Store writes run one after another so a later state never loses to an earlier one. */
  private persist(ids: string[]): Promise<void> {
    const snapshot = ids.flatMap((id) => {
      const entry = this.entries.get(id);
      return entry ? [this.toStored(entry)] : [];
    });
    return this.queueWrite(() => this.options.store.saveAll(snapshot));
  }

  private unpersist(id: string): Promise<void> {
    return this.queueWrite(() => this.options.store.remove(id));
  }

  private queueWrite(write: () => Promise<void>): Promise<void> {
    // Persistence is best effort: when IndexedDB is unavailable uploads still finish in this page.
    this.storeWrites = this.storeWrites.then(write).catch(() => undefined);
    return this.storeWrites;
  }
}
