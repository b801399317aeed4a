import { FAILURE_WORDS, WordedError } from '../failures/failures.ts';
import { appIntl } from '../i18n/index.ts';
import { KeptUploads } from './keptUploads.ts';
import { LeftByOthers, type LeftFiles } from './leftByOthers.ts';
import { UploadError, isUploadError } from './uploadErrors.ts';
import { queueDefaults, type UploadQueueOptions } from './uploadPorts.ts';
import { throwIfAborted, UploadRetries } from './uploadRetries.ts';
import { UploadScheduler } from './uploadScheduler.ts';
import { UploadSteps, type RunningFile } from './uploadSteps.ts';
import { BatchedNotifier } from './batchedNotifier.ts';
import { queuedEntry, refusalOf, signInFirst } from './admitFile.ts';
import { withinFilenameLimit } from './ticketFilename.ts';
import { allows, nextState, type UploadAction } from './uploadTransitions.ts';
import type { MarkupDraft, Refusal, UploadEntry, UploadEvent, UploadTarget } from './types.ts';
import { samePerson, type Person } from '../lib/person.ts';

export { defaultRetryPolicy, type RetryPolicy, type UploadQueueOptions } from './uploadPorts.ts';
export { PUT_STALL_MS } from './uploadSteps.ts';
export type { LeftFiles } from './leftByOthers.ts';
export type { Refusal, UploadEvent } from './types.ts';
export { allows, nextState, TRANSITIONS, type UploadAction } from './uploadTransitions.ts';

/**
 * The one upload queue of the app: each file's state and what may be done to it (TRANSITIONS), and
 * the order of the steps. The steps themselves (uploadSteps), waiting and trying again (uploadRetries),
 * how many move at once (uploadScheduler), what is kept across reloads (keptUploads) and files other
 * people left (leftByOthers) live in their own modules. It knows nothing of React: views subscribe
 * and read immutable snapshots. Over 400 lines because it is the queue's public surface (one method
 * per thing a person or the app can do to a file, each a few lines that check the transition and
 * hand over to a step): split further, each half would need the other's entries and notifier.
 */
export class UploadQueue {
  private readonly options: Required<UploadQueueOptions>;
  private readonly entries = new Map<string, UploadEntry>();
  private readonly steps: UploadSteps;
  private readonly scheduler: UploadScheduler;
  private readonly kept: KeptUploads;
  private readonly left = new LeftByOthers();
  /** Pages still open whose files this one takes up once they have gone (restoreWhenGone). */
  private readonly awaitedOwners = new Set<string>();
  private readonly announcer: BatchedNotifier<UploadEvent>;
  private snapshot: readonly UploadEntry[] = [];
  /** The snapshot by id, made when first asked for after an announcement (getEntrySnapshot). */
  private snapshotById: ReadonlyMap<string, UploadEntry> | null = null;
  private leftSnapshot: readonly LeftFiles[] = [];

  constructor(options: UploadQueueOptions) {
    this.options = { ...queueDefaults(), ...options };
    const o = this.options;
    this.steps = new UploadSteps({ ...o, retries: new UploadRetries(o) });
    this.scheduler = new UploadScheduler(o.concurrency, (id, signal, release) =>
      this.process(id, signal, release),
    );
    // Said on the file only when it changes: a file stored again does not render again.
    this.kept = new KeptUploads(o.store, o.ownership, (id, kept) => {
      if (Boolean(this.entries.get(id)?.notKept) === kept)
        this.update(id, { notKept: kept ? undefined : true });
    });
    this.announcer = new BatchedNotifier(o.notifyEveryMs, () => {
      // Registered attachments join their records' lists in the same task: one render for both.
      o.api.publish?.();
      this.snapshot = [...this.entries.values()];
      this.snapshotById = null;
      this.leftSnapshot = this.left.summary();
    });
  }

  /** Every file as the last announcement left it: what views render (at most notifyEveryMs behind). */
  getSnapshot = (): readonly UploadEntry[] => this.snapshot;
  /**
   * Every file as it is now, announced or not: for a decision taken at a tap or a drop (sign out at
   * once or ask, is this file already queued, may a new version reload the page), which must count a
   * file dropped a moment ago whose announcement still waits for its window.
   */
  entriesNow = (): readonly UploadEntry[] => [...this.entries.values()];
  /**
   * One file as the last announcement left it (the same object as in getSnapshot, kept while the file
   * does not change), or undefined once it is gone: for a view that follows one file.
   */
  getEntrySnapshot = (id: string): UploadEntry | undefined => {
    this.snapshotById ??= new Map(this.snapshot.map((entry) => [entry.id, entry]));
    return this.snapshotById.get(id);
  };

  /** Who else left files here, and how many, for "2 files left by Taylor Technician". */
  getLeftByOthers = (): readonly LeftFiles[] => this.leftSnapshot;

  subscribe = (listener: () => void): (() => void) => this.announcer.subscribe(listener);

  /**
   * Announces what changed now, in this task, instead of at the end of the window: called once the
   * registered attachments were written into their records' lists, so both show in one render.
   */
  announceNow = (): void => this.announcer.announceNow();

  /** Whether the signed-in person may attach: not once the server refused them (see attachRefusals). */
  mayAttach(): boolean {
    const person = this.options.person.current();
    return person !== null && !this.options.attachRefusals.has(person);
  }

  /** Forgets that the server refused the signed-in person, so they may try attaching again. */
  checkAttachAgain(): void {
    const person = this.options.person.current();
    if (person) this.options.attachRefusals.forget(person);
    this.acted();
  }

  /** Files left by others are theirs to send or remove; only an administrator may discard them. */
  mayDiscardLeftBy(): boolean {
    return this.options.keptFilesAdmin();
  }

  /** Attached and failed files, delivered in batches with the snapshot changes. */
  onEvents(listener: (events: UploadEvent[]) => void): () => void {
    return this.announcer.onEvents(listener);
  }

  /** Queues files for a record; files that may not go (refusalOf) are refused before anything is sent. */
  add(files: readonly File[], target: UploadTarget): { added: UploadEntry[]; refused: Refusal[] } {
    const person = this.options.person.current();
    if (!person)
      return { added: [], refused: files.map(({ name }) => ({ filename: name, reason: signInFirst() })) };
    const admission = {
      maxBytes: this.options.maxUploadBytes(),
      refused: this.options.attachRefusals.has(person),
    };
    const added: UploadEntry[] = [];
    const refused: Refusal[] = [];
    for (const file of files) {
      const reason = refusalOf(file, admission);
      if (reason !== null) {
        refused.push({ filename: file.name, reason });
        continue;
      }
      const entry = queuedEntry(file, target, person, this.options.newId(), this.options.clock.now());
      this.entries.set(entry.id, entry);
      added.push(entry);
    }
    if (added.length > 0) {
      void this.kept.save(added);
      this.acted();
      for (const entry of added) this.scheduler.start(entry.id);
    }
    return { added, refused };
  }

  /**
   * Keeps a file on the device for `person` without sending it from this page: their session here has
   * ended (a recording their sign-out cut short, finished after it). It is theirs like a file they
   * dropped and left: sent once they are signed in on this device again, offered to nobody else.
   * `storedOnDevice` says, once `whenKept` settles, whether the device took it.
   */
  keepFor(person: Person, file: File, target: UploadTarget): UploadEntry {
    const entry = queuedEntry(file, target, person, this.options.newId(), this.options.clock.now());
    void this.kept.save([entry]);
    // Listeners hear of it (a pending shot that became this file goes), though no list shows it here.
    this.announcer.changed();
    return entry;
  }

  /**
   * Queues files for `owner`, who made them (a photo's press, a recording's start): sent from this page
   * while they are the one signed in here; otherwise (their session ended while the file was being
   * made) kept on the device for them alone (keepFor). Never bound to whoever is signed in by then.
   */
  addFor(owner: Person, files: readonly File[], target: UploadTarget): ReturnType<UploadQueue['add']> {
    if (samePerson(this.options.person.current(), owner)) return this.add(files, target);
    return { added: files.map((file) => this.keepFor(owner, file, target)), refused: [] };
  }

  /** Whether a file's bytes are stored on the device (after `whenKept`: false when the device refused). */
  storedOnDevice = (id: string): boolean => !this.kept.notStored().includes(id);

  /** Who files added now belong to (a recording is bound to them from its first slice), or null. */
  currentPerson = (): Person | null => this.options.person.current();
  /**
   * Whether a file still to be sent is held only in this page: its bytes not stored on the device yet
   * (waiting for their turn, or refused by a full disk), so that closing or reloading the page loses it.
   */
  holdsOnlyInPage(): boolean {
    return this.kept.notStored().some((id) => {
      const state = this.entries.get(id)?.state;
      return state !== undefined && state !== 'attached' && state !== 'cancelled';
    });
  }

  /** Resolves once the file's writes so far landed on the device (or failed: a full disk). */
  whenKept = (id: string): Promise<void> => this.kept.whenKept(id);

  /** Stops a file that is not being registered yet; nothing is created for it. */
  cancel(id: string): void {
    if (!this.can(id, 'cancel')) return;
    this.scheduler.stop(id, new UploadError('aborted', 'Cancelled'));
    this.move(id, 'cancel', { waiting: undefined, reason: undefined, markup: undefined });
    this.acted();
    void this.kept.forget(id);
  }

  /**
   * Holds a file that is not being attached yet while it is marked up, and stores the marks with it
   * (again at each change). A transfer under way stops: the technician may still keep the original
   * out. Returns false when it is too late (being attached, or finished).
   */
  holdForMarkup(id: string, draft: MarkupDraft): boolean {
    if (!this.can(id, 'hold-for-markup')) return false;
    if (!this.get(id).markup) this.scheduler.stop(id, new UploadError('aborted', 'Held for markup'));
    this.move(id, 'hold-for-markup', {
      markup: draft,
      sentBytes: 0,
      bytesPerSecond: 0,
      waiting: undefined,
      reason: undefined,
    });
    this.acted();
    void this.kept.save([this.get(id)]);
    return true;
  }

  /** Ends a markup hold: the original goes on to be attached, or is cancelled when it is not wanted. */
  endMarkup(id: string, keepOriginal: boolean): void {
    if (!this.entries.get(id)?.markup) return;
    if (!keepOriginal) return this.cancel(id);
    this.update(id, { markup: undefined });
    this.acted();
    void this.kept.save([this.get(id)]);
    this.scheduler.start(id);
  }

  /** Starts a failed or cancelled file again; repeated calls (a double click) start it once. */
  retry(id: string): void {
    this.restart(id, 'retry', {});
  }

  /**
   * Starts a failed file again under another name (one the server refused, say). What was uploaded
   * already is registered under the new name; nothing is sent twice. Returns why not, or null.
   */
  rename(id: string, name: string): string | null {
    const wanted = name.trim();
    if (wanted === '')
      return appIntl().formatMessage({ defaultMessage: 'Type a name for the file.', id: 'cArfuM' });
    const filename = withinFilenameLimit(wanted);
    const shortenedFrom = filename === wanted ? undefined : wanted;
    return this.restart(id, 'rename', { filename, shortenedFrom })
      ? null
      : appIntl().formatMessage({ defaultMessage: 'This file cannot be renamed now.', id: '4y6Gbu' });
  }

  /**
   * Sends a failed or cancelled file to another record instead (one whose id turned out not to exist,
   * say). Refused once a registration was sent: the attachment may exist on the first record already,
   * and a file is never attached twice. Returns why not, or null.
   */
  moveTo(id: string, target: UploadTarget): string | null {
    const entry = this.entries.get(id);
    if (entry?.registerSent) {
      return appIntl().formatMessage({
        defaultMessage: 'This file may already be attached where it was sent.',
        id: 'pNWVHI',
      });
    }
    return this.restart(id, 'move', { target, noSuchRecord: undefined })
      ? null
      : appIntl().formatMessage({ defaultMessage: 'This file cannot be moved now.', id: 'Ylo/pK' });
  }

  private restart(id: string, action: 'retry' | 'rename' | 'move', patch: Partial<UploadEntry>): boolean {
    // A permission refusal stays one, whatever the file is called.
    if (!this.can(id, action) || this.get(id).refusedPermission) return false;
    // A record that does not exist stays so: only moving the file helps.
    if (action !== 'move' && this.get(id).noSuchRecord) return false;
    this.move(id, action, { ...patch, reason: undefined, sentBytes: 0, bytesPerSecond: 0 });
    this.acted();
    void this.kept.save([this.get(id)]);
    this.scheduler.start(id);
    return true;
  }

  /**
   * Sends the original of a photo that was made lighter instead of the lighter copy, as long as
   * nothing of it is being registered yet; a copy on its way is stopped first.
   */
  sendOriginal(id: string): void {
    const original = this.entries.get(id)?.original;
    if (!original || !this.can(id, 'send-original')) return;
    this.scheduler.stop(id, new UploadError('aborted', 'Sending the original'));
    this.move(id, 'send-original', {
      ...original,
      original: undefined,
      lightenedFrom: undefined,
      originalKept: undefined,
      s3Key: undefined,
      s3Etag: undefined,
      sentBytes: 0,
      bytesPerSecond: 0,
      reason: undefined,
      waiting: undefined,
    });
    this.acted();
    void this.kept.save([this.get(id)]);
    this.scheduler.start(id);
  }

  /** Forgets a finished file (it stays attached if it was). */
  remove(id: string): void {
    if (!this.can(id, 'remove')) return;
    this.entries.delete(id);
    void this.kept.forget(id);
    this.acted();
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
    this.scheduler.stopAll(new UploadError('aborted', 'Signed out'));
    this.entries.clear();
    this.announcer.dropEvents();
    this.acted();
    await Promise.all(ids.map((id) => this.kept.forget(id)));
  }

  /**
   * The person signed out (in another tab, perhaps): every file of this page stops at once and leaves
   * its list; their stored copies stay, bound to them, for their next sign-in on this device.
   */
  suspend(): void {
    this.scheduler.stopAll(new UploadError('aborted', 'Signed out'));
    this.entries.clear();
    this.announcer.dropEvents();
    this.acted();
  }

  /** Discards, once an administrator confirmed, the files another person left here. */
  async discardLeftBy(key: string): Promise<void> {
    if (!this.mayDiscardLeftBy())
      throw new WordedError(
        appIntl().formatMessage({
          defaultMessage: 'Only an administrator may discard files someone else left.',
          id: '9a1601',
        }),
      );
    const ids = this.left.release(key);
    this.acted();
    await Promise.all(ids.map((id) => this.kept.forget(id)));
  }

  /**
   * Picks up what an earlier page (reload, crash, sign-in redirect) left unfinished, leaving alone
   * what another open tab is still working on.
   */
  async restore(): Promise<void> {
    // Stored files are sorted by who dropped them: with nobody signed in yet, that cannot be done.
    const me = this.options.person.current();
    if (!me) return;
    const known = (id: string) => this.entries.has(id) || this.left.has(id);
    const mine = await this.kept.adopt(me, known, (found) => {
      for (const row of found.others) this.left.hold(row);
      for (const entry of found.mine) this.entries.set(entry.id, entry);
      for (const owner of found.busyOwners) this.restoreWhenGone(owner);
    });
    this.announcer.changed();
    for (const { id, state, markup } of mine) if (state !== 'failed' && !markup) this.scheduler.start(id);
  }

  /**
   * Looks again once a page whose files were left to it has gone: the page this one reloaded, still
   * being let go when this one looked, or another tab closed later.
   */
  private restoreWhenGone(owner: string): void {
    if (this.awaitedOwners.has(owner)) return;
    this.awaitedOwners.add(owner);
    void this.options.ownership.whenGone(owner).then(() => {
      this.awaitedOwners.delete(owner);
      return this.restore();
    });
  }

  /** One file's way through: attached, failed, or set aside for its owner. */
  private async process(id: string, signal: AbortSignal, release: () => void): Promise<void> {
    try {
      const attachmentId = await this.steps.run(this.runningFile(id, signal, release));
      this.finish(id, { state: 'attached', attachmentId, waiting: undefined, reason: undefined });
    } catch (error) {
      if (signal.aborted) return;
      if (isUploadError(error) && error.kind === 'not-owner') return this.setAside(id);
      const reason = error instanceof WordedError ? error.message : FAILURE_WORDS.unknown;
      const refusedPermission = isUploadError(error) && error.kind === 'forbidden';
      const noSuchRecord = isUploadError(error) && error.kind === 'no-such-record';
      if (refusedPermission) this.options.attachRefusals.remember(this.get(id).person);
      this.finish(id, {
        state: 'failed',
        reason,
        waiting: undefined,
        ...(refusedPermission && { refusedPermission }),
        ...(noSuchRecord && { noSuchRecord }),
      });
    }
  }

  /** The file as its steps see it: a move is refused once the file was stopped. */
  private runningFile(id: string, signal: AbortSignal, release: () => void): RunningFile {
    return {
      signal,
      release,
      get: () => this.get(id),
      patch: (patch) => this.update(id, patch),
      move: (action, patch) => {
        throwIfAborted(signal);
        this.move(id, action, patch);
      },
      // A stopped file writes nothing more: what cancel or a hold stored after it must not be overwritten.
      keep: () => {
        throwIfAborted(signal);
        return this.kept.save([this.get(id)]);
      },
      kept: async () => {
        await this.kept.whenKept(id);
        throwIfAborted(signal);
      },
    };
  }

  /** Someone else is signed in now: the file leaves this person's list and waits for its owner. */
  private setAside(id: string): void {
    const entry = this.get(id);
    this.entries.delete(id);
    // Their bytes stay stored for them, not held in this page for whoever is signed in now.
    const { file: _file, ...held } = this.kept.toStored({ ...entry, state: 'queued', waiting: undefined });
    this.left.hold(held);
    this.announcer.changed();
  }

  private finish(id: string, patch: Partial<UploadEntry> & { state: 'attached' | 'failed' }): void {
    const { state, ...rest } = patch;
    this.move(id, state === 'attached' ? 'attach' : 'fail', rest);
    if (state === 'attached') void this.kept.forget(id);
    else void this.kept.save([this.get(id)]);
    this.announcer.push({ type: state, entry: this.get(id) });
  }

  private can(id: string, action: UploadAction): boolean {
    const entry = this.entries.get(id);
    return entry !== undefined && allows(entry.state, action);
  }

  /** The one place a file's state changes: only as TRANSITIONS allows. */
  private move(id: string, action: UploadAction, patch: Partial<UploadEntry> = {}): void {
    const { state } = this.get(id);
    const next = nextState(state, action);
    if (next === undefined) throw new Error(`A file that is ${state} cannot ${action}.`);
    this.update(id, { ...patch, state: next });
  }

  private get(id: string): UploadEntry {
    const entry = this.entries.get(id);
    if (!entry) throw new UploadError('aborted', 'Removed');
    return entry;
  }

  /** What a person just did (see BatchedNotifier.soon): shown in the next task, whatever the window. */
  private acted(): void {
    this.announcer.soon();
  }

  private update(id: string, patch: Partial<UploadEntry>): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.set(id, { ...entry, ...patch });
    this.announcer.changed();
  }
}
