import { backoffDelay, type BackoffOptions } from '../lib/backoff.ts';
import { FAILURE_WORDS } from '../lib/failures.ts';
import { moreSpecificFilename } from './ticketFilename.ts';
import { UploadError, isUploadError } from './uploadErrors.ts';
import type {
  Clock,
  Connectivity,
  Md5,
  ObjectStorage,
  SessionGate,
  StoredUpload,
  UploadApi,
  UploadOwnership,
  UploadStore,
} from './uploadPorts.ts';
import { isFinished, type UploadEntry, type UploadTarget, type UploadTicket } from './types.ts';
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
  clock: Clock;
  random: () => number;
  /** Read at each add, so a configuration loaded after the queue was built still applies. */
  maxUploadBytes: () => number;
  /** Files moving at once (each does ticket, PUT, registration in turn). */
  concurrency?: number;
  backoff?: RetryPolicy;
  /** Changes are announced at most this often, so 500 files do not re-render 500 times. */
  notifyEveryMs?: number;
  newId?: () => string;
}

export interface UploadEvent {
  type: 'attached' | 'failed';
  entry: UploadEntry;
}

export interface Refusal {
  filename: string;
  reason: string;
}

/** The PUT may take as long as the file needs at a poor 20 kB/s, and never less than two minutes. */
/** A PUT that sends nothing for this long gives its slot back and is tried again. */
export const PUT_STALL_MS = 30_000;

const speedSampleMs = 250;

/**
 * The one upload queue of the app: a state machine per file (queued → ticket → uploading →
 * registering → attached | failed | cancelled), bounded concurrency, retries, persistence.
 * It knows nothing of React: views subscribe and read immutable snapshots.
 */
export class UploadQueue {
  private readonly options: Required<UploadQueueOptions>;
  private readonly entries = new Map<string, UploadEntry>();
  /** Entries whose createFileAttachment may have reached the server: look before registering again. */
  private readonly registerSent = new Set<string>();
  private readonly running = new Map<string, AbortController>();
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
      ...options,
    };
  }

  getSnapshot = (): readonly UploadEntry[] => this.snapshot;

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
    const added: UploadEntry[] = [];
    const refused: Refusal[] = [];
    for (const file of files) {
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
    this.update(id, { state: 'cancelled', waiting: undefined, reason: undefined });
    void this.unpersist(id);
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

  /** Forgets a finished file (it stays attached if it was). */
  remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry || !isFinished(entry.state)) return;
    this.entries.delete(id);
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
    this.registerSent.clear();
    this.pendingEvents = [];
    this.changed();
    await Promise.all(ids.map((id) => this.unpersist(id)));
  }

  /**
   * Picks up what an earlier page (reload, crash, sign-in redirect) left unfinished, leaving alone
   * what another open tab is still working on.
   */
  async restore(): Promise<void> {
    const { store, ownership } = this.options;
    try {
      await ownership.exclusively(async () => {
        const adopted: string[] = [];
        const alive = new Map<string, boolean>();
        const stored = (await store.loadAll()).sort((a, b) => a.createdAt - b.createdAt);
        for (const { registerSent, owner, ...saved } of stored) {
          if (this.entries.has(saved.id)) continue;
          if (owner !== ownership.ownerId) {
            if (!alive.has(owner)) alive.set(owner, await ownership.isAlive(owner));
            if (alive.get(owner)) continue;
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
        for (const id of adopted) if (this.get(id).state !== 'failed') this.pending.push(id);
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
        this.pump();
      });
    }
  }

  private async process(id: string, signal: AbortSignal): Promise<void> {
    let urlRenewals = 0;
    let etagRenewals = 0;
    try {
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
    const { connectivity, session, clock, backoff, random } = this.options;
    let retries = 0;
    for (;;) {
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
          await session.whenSignedIn(signal);
          this.update(id, { waiting: undefined });
          continue;
        }
        if (failure.kind !== 'transient' || retries >= backoff.maxRetries) throw failure;
        this.update(id, { waiting: 'retry', reason: failure.message });
        await clock.sleep(
          Math.max(backoffDelay(++retries, backoff, random), failure.retryAfterMs ?? 0),
          signal,
        );
        this.update(id, { waiting: undefined, reason: undefined });
      }
    }
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
    for (const listener of this.listeners) listener();
    if (this.pendingEvents.length === 0) return;
    const events = this.pendingEvents;
    this.pendingEvents = [];
    for (const listener of this.eventListeners) listener(events);
  }

  private toStored(entry: UploadEntry): StoredUpload {
    const { sentBytes: _sent, bytesPerSecond: _speed, waiting: _waiting, ...rest } = entry;
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
