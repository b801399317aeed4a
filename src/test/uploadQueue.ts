// Over 400 lines for a reason: one small fake world (API and storage, the device's store, network,
// session, person, clock, tabs) that every queue test shares; split up, each test would assemble it.
import { vi } from 'vitest';
import { memoryAttachRefusals, type AttachRefusals } from '../upload/attachRefusals.ts';
import { UploadError } from '../upload/uploadErrors.ts';
import { UploadQueue, type UploadQueueOptions } from '../upload/uploadQueue.ts';
import type {
  Clock,
  Connectivity,
  Md5,
  ObjectStorage,
  PersonSource,
  PutRequest,
  ResumeSignal,
  SessionGate,
  StoredFor,
  StoredUpload,
  UploadApi,
  UploadOwnership,
  UploadStore,
} from '../upload/uploadPorts.ts';
import { type UploadEntry, type UploadTarget, type UploadTicket } from '../upload/types.ts';
import { samePerson, type Person } from '../lib/person.ts';

/** A promise the test resolves when it wants the step to go on. */
export class Gate {
  private waiting: (() => void)[] = [];
  private open = true;

  close(): void {
    this.open = false;
  }

  release(): void {
    this.open = true;
    const waiting = this.waiting;
    this.waiting = [];
    waiting.forEach((resolve) => resolve());
  }

  /** The page holding the waiting calls is gone: they never continue; later calls pass. */
  drop(): void {
    this.open = true;
    this.waiting = [];
  }

  get held(): number {
    return this.waiting.length;
  }

  pass(): Promise<void> {
    return this.open ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }
}

const typeByExtension: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

function contentTypeFor(filename: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  return typeByExtension[extension] ?? 'application/octet-stream';
}

export interface FakeAttachment {
  id: number;
  filename: string;
  s3Key: string;
  entityId: number | null;
}

/**
 * The API and storage as one small world: tickets name keys, PUTs store objects with an ETag,
 * registration checks the ETag like validateUpload and creates attachments.
 */
export class FakeServer {
  readonly ticketRequests: string[] = [];
  readonly puts: PutRequest[] = [];
  readonly registerCalls: { filename: string; s3Key: string; s3Etag: string; entityId: number | null }[] = [];
  readonly lookups: string[] = [];
  /** Records asked for their entity id (kind:id), and those the server does not have. */
  readonly resolved: string[] = [];
  readonly missingRecords = new Set<string>();
  readonly attachments: FakeAttachment[] = [];
  readonly objects = new Map<string, string>();
  readonly usedUrls = new Set<string>();
  /** Failures thrown by the next calls of each step, in order. */
  readonly failures = {
    ticket: [] as Error[],
    put: [] as Error[],
    register: [] as Error[],
    resolve: [] as Error[],
  };
  /** Register creates the attachment, then the answer is lost this many times. */
  loseRegisterAnswers = 0;
  /** Storage hides the ETag header (no CORS exposure). */
  hideEtag = false;
  /** Storage keeps a different ETag than the body's this many times (a corrupted object). */
  corruptObjects = 0;
  readonly gates = { ticket: new Gate(), put: new Gate(), register: new Gate() };
  private keys = 0;
  private readonly keyByUrl = new Map<string, string>();

  /** What storage calls the ETag of a body: here simply derived from its size and key-independent. */
  static etagOf(body: Blob): string {
    return `md5-${body.size}`;
  }

  readonly api: UploadApi = {
    requestTicket: async (filename, signal): Promise<UploadTicket> => {
      this.ticketRequests.push(filename);
      await this.gates.ticket.pass();
      throwIfAborted(signal);
      const failure = this.failures.ticket.shift();
      if (failure) throw failure;
      this.keys += 1;
      const ticket = {
        uploadUrl: `https://storage.test/put/${this.keys}`,
        s3Key: `uploads/${this.keys}/${filename}`,
        contentType: contentTypeFor(filename),
      };
      this.keyByUrl.set(ticket.uploadUrl, ticket.s3Key);
      return ticket;
    },
    register: async ({ filename, s3Key, s3Etag, target }, signal) => {
      this.registerCalls.push({ filename, s3Key, s3Etag, entityId: target.entityId });
      await this.gates.register.pass();
      throwIfAborted(signal);
      const failure = this.failures.register.shift();
      if (failure) throw failure;
      const stored = this.objects.get(s3Key);
      if (stored === undefined || stored !== s3Etag) {
        throw new UploadError('etag-mismatch', 'Storage did not confirm the upload: ETag does not match');
      }
      const attachment = { id: 100 + this.attachments.length, filename, s3Key, entityId: target.entityId };
      this.attachments.push(attachment);
      if (this.loseRegisterAnswers > 0) {
        this.loseRegisterAnswers -= 1;
        throw new UploadError('transient', 'The connection was lost.');
      }
      return attachment.id;
    },
    findAttachment: async (target: UploadTarget, s3Key) => {
      this.lookups.push(s3Key);
      const found = this.attachments.find((a) => a.s3Key === s3Key && a.entityId === target.entityId);
      return found ? found.id : null;
    },
    // A record's entity id is 500 + its own id (PART: part 1 → entity 501).
    resolveEntity: async (record, signal) => {
      this.resolved.push(`${record.kind}:${record.id}`);
      throwIfAborted(signal);
      const failure = this.failures.resolve.shift();
      if (failure) throw failure;
      if (this.missingRecords.has(`${record.kind}:${record.id}`)) {
        throw new UploadError('no-such-record', `Record ${record.id} does not exist.`);
      }
      return 500 + record.id;
    },
  };

  readonly storage: ObjectStorage = {
    put: async (request) => {
      this.puts.push(request);
      request.onProgress(Math.floor(request.body.size / 2));
      await this.gates.put.pass();
      throwIfAborted(request.signal);
      const failure = this.failures.put.shift();
      if (failure) throw failure;
      if (this.usedUrls.has(request.url)) {
        throw new UploadError('url-rejected', 'Storage refused the upload address (expired or invalid).');
      }
      this.usedUrls.add(request.url);
      const key = this.keyOf(request.url);
      let etag = FakeServer.etagOf(request.body);
      if (this.corruptObjects > 0) {
        this.corruptObjects -= 1;
        etag = 'corrupted';
        this.objects.set(key, etag);
        return { etag: this.hideEtag ? null : FakeServer.etagOf(request.body) };
      }
      this.objects.set(key, etag);
      request.onProgress(request.body.size);
      return { etag: this.hideEtag ? null : etag };
    },
  };

  readonly md5: Md5 = async (body, signal) => {
    throwIfAborted(signal);
    return FakeServer.etagOf(body);
  };

  private keyOf(url: string): string {
    const key = this.keyByUrl.get(url);
    if (!key) throw new Error(`unknown upload URL ${url}`);
    return key;
  }
}

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new UploadError('aborted', 'Cancelled');
}

export class MemoryStore implements UploadStore {
  readonly rows = new Map<string, StoredUpload>();

  /** Another person's rows come back as the real store gives them: without their bytes. */
  async loadFor(person: Person): Promise<StoredFor> {
    const found: StoredFor = { mine: [], others: [] };
    for (const row of this.rows.values()) {
      if (samePerson(row.person, person)) found.mine.push({ ...row });
      else {
        const { file: _file, ...other } = row;
        found.others.push(other);
      }
    }
    return found;
  }

  /** Files that do not fit: saving them fails, as on a full disk. */
  readonly full = new Set<string>();

  /** What the device says it can still store (navigator.storage.estimate); null: it does not say. */
  roomLeft: number | null = null;

  async room(): Promise<number | null> {
    return this.roomLeft;
  }

  async save(entry: StoredUpload): Promise<void> {
    if (this.full.has(entry.id)) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.rows.set(entry.id, { ...entry });
  }

  /** Stores rows as an earlier page left them. */
  async saveAll(entries: StoredUpload[]): Promise<void> {
    await Promise.all(entries.map((entry) => this.save(entry)));
  }

  async remove(id: string): Promise<void> {
    this.rows.delete(id);
  }
}

export class FakeConnectivity implements Connectivity {
  online = true;
  private waiting: (() => void)[] = [];

  isOnline(): boolean {
    return this.online;
  }

  whenOnline(signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push(resolve);
      signal.addEventListener('abort', () => reject(new UploadError('aborted', 'Cancelled')), { once: true });
    });
  }

  goOnline(): void {
    this.online = true;
    const waiting = this.waiting;
    this.waiting = [];
    waiting.forEach((resolve) => resolve());
  }
}

export class FakeSession implements SessionGate {
  private waiting: (() => void)[] = [];

  get waiters(): number {
    return this.waiting.length;
  }

  whenSignedIn(signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push(resolve);
      signal.addEventListener('abort', () => reject(new UploadError('aborted', 'Cancelled')), { once: true });
    });
  }

  signIn(): void {
    const waiting = this.waiting;
    this.waiting = [];
    waiting.forEach((resolve) => resolve());
  }
}

export const TAYLOR: Person = { subject: '1', organization: 'example', name: 'Taylor Technician' };
export const VIC: Person = { subject: '2', organization: 'example', name: 'Vic Viewer' };

/** Who is signed in on this fake browser; tests sign people in and out. */
export class FakePerson implements PersonSource {
  signedIn: Person | null = TAYLOR;

  current(): Person | null {
    return this.signedIn;
  }
}

/** The page's "try now" moments (online, shown again), fired by the test. */
export class FakeResume implements ResumeSignal {
  private readonly listeners = new Set<() => void>();

  onResume(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  fire(): void {
    [...this.listeners].forEach((listener) => listener());
  }
}

/** Each look at the clock takes a moment; waits are recorded and return at once, the time passed. */
export class FakeClock implements Clock {
  readonly sleeps: number[] = [];
  private time = 1_000_000;

  now(): number {
    this.time += 300;
    return this.time;
  }

  async sleep(ms: number, signal: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    throwIfAborted(signal);
    this.time += ms;
  }
}

/** Pages (tabs) of one browser: each queue made gets its own owner id; tests close pages. */
export class FakePages {
  private readonly open = new Set<string>();
  private readonly gone = new Map<string, (() => void)[]>();
  /** One restore at a time across the browser's pages, as the Web Lock does. */
  private restoring: Promise<unknown> = Promise.resolve();
  private count = 0;

  newPage(): UploadOwnership {
    this.count += 1;
    const ownerId = `page-${this.count}`;
    this.open.add(ownerId);
    return {
      ownerId,
      isAlive: async (id) => this.open.has(id),
      whenGone: (id) =>
        this.open.has(id)
          ? new Promise<void>((resolve) => this.gone.set(id, [...(this.gone.get(id) ?? []), resolve]))
          : Promise.resolve(),
      exclusively: <T>(fn: () => Promise<T>) => {
        const run = this.restoring.then(fn, fn);
        this.restoring = run.catch(() => undefined);
        return run;
      },
    };
  }

  close(ownerId: string): void {
    this.open.delete(ownerId);
    for (const resolve of this.gone.get(ownerId) ?? []) resolve();
    this.gone.delete(ownerId);
  }
}

export interface QueueWorld {
  /** Who the server refused an attach, shared by the world's pages (as localStorage is). */
  refusals: AttachRefusals;
  server: FakeServer;
  store: MemoryStore;
  connectivity: FakeConnectivity;
  session: FakeSession;
  clock: FakeClock;
  pages: FakePages;
  person: FakePerson;
  resume: FakeResume;
  makeQueue(overrides?: Partial<UploadQueueOptions>): UploadQueue;
  /** A new queue (with `overrides`) and a.pdf, 10 bytes, added to it for PART: its entry. */
  addOneFile(overrides?: Partial<UploadQueueOptions>): { queue: UploadQueue; entry: UploadEntry };
}

export function createQueueWorld(): QueueWorld {
  const world = {
    refusals: memoryAttachRefusals(),
    server: new FakeServer(),
    store: new MemoryStore(),
    connectivity: new FakeConnectivity(),
    session: new FakeSession(),
    clock: new FakeClock(),
    pages: new FakePages(),
    person: new FakePerson(),
    resume: new FakeResume(),
  };
  let ids = 0;
  const made: QueueWorld = {
    ...world,
    addOneFile: (overrides) => {
      const queue = made.makeQueue(overrides);
      const [entry] = queue.add([file('a.pdf', 10)], PART).added;
      return { queue, entry: entry! };
    },
    makeQueue: (overrides = {}) =>
      new UploadQueue({
        api: world.server.api,
        storage: world.server.storage,
        md5: world.server.md5,
        store: world.store,
        ownership: world.pages.newPage(),
        connectivity: world.connectivity,
        session: world.session,
        person: world.person,
        resume: world.resume,
        clock: world.clock,
        random: () => 0.5,
        maxUploadBytes: () => 1_000_000,
        notifyEveryMs: 0,
        newId: () => `upload-${(ids += 1)}`,
        attachRefusals: world.refusals,
        ...overrides,
      }),
  };
  return made;
}

export const PART: UploadTarget = { entityId: 501, label: 'Part BRKT-001', record: { kind: 'part', id: 1 } };

export function file(name: string, size = 10, type = ''): File {
  return new File([new Uint8Array(size)], name, { type });
}

export function entryOf(queue: UploadQueue, id: string): UploadEntry {
  const entry = queue.getSnapshot().find((e) => e.id === id);
  if (!entry) throw new Error(`no entry ${id}`);
  return entry;
}

/** Waits until the file's entry passes `check`, and gives it back. */
export async function until(
  queue: UploadQueue,
  id: string,
  check: (entry: UploadEntry) => boolean,
): Promise<UploadEntry> {
  return vi.waitFor(() => {
    const entry = entryOf(queue, id);
    if (!check(entry)) throw new Error(`entry is ${entry.state}/${entry.waiting ?? ''}`);
    return entry;
  });
}

export const finished = (entry: UploadEntry) => ['attached', 'failed', 'cancelled'].includes(entry.state);

/**
 * Taylor drops a file with storage stalled and closes the page: it stays stored, unsent; then Vic
 * signs in. The world is ready for Vic's page.
 */
export async function taylorLeavesAFileForVic(world: QueueWorld): Promise<void> {
  world.server.gates.put.close();
  world.makeQueue().add([file('a.jpg')], PART);
  await vi.waitFor(() => {
    if (world.store.rows.size !== 1) throw new Error('not stored yet');
  });
  world.pages.close('page-1');
  world.person.signedIn = VIC;
}

/** A new world whose server holds `step`, with a.pdf added to a new queue and waited to `state`. */
export async function oneFileHeldAt(step: 'put' | 'register' | 'ticket', state: UploadEntry['state']) {
  const world = createQueueWorld();
  world.server.gates[step].close();
  const { queue, entry } = world.addOneFile();
  await until(queue, entry.id, (e) => e.state === state);
  return { world, queue, entry };
}
