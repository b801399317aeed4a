import { FAILURE_WORDS, WordedError } from '../failures/failures.ts';
import { sniffBlobType } from '../lib/sniffType.ts';
import { photoKind } from './lightenPolicy.ts';
import { isGenericContentType, moreSpecificFilename } from './ticketFilename.ts';
import { isUploadError } from './uploadErrors.ts';
import { throwIfAborted, type StepContext, type UploadRetries } from './uploadRetries.ts';
import type { PreparePhoto, UploadQueueOptions } from './uploadPorts.ts';
import type { UploadEntry, UploadTicket } from './types.ts';

/** A PUT that sends nothing for this long gives its slot back and is tried again. */
export const PUT_STALL_MS = 30_000;

/** A request to the API unanswered for this long shows on the file's row as waiting for the server. */
export const SLOW_ANSWER_MS = 3_000;

const speedSampleMs = 250;

/** A ticket asked for before the file was prepared, for the name the file had then. */
export interface EarlyTicket {
  filename: string;
  ticket: Promise<UploadTicket>;
}

/** The moves of the pipeline itself: a ticket, the PUT, the registration. */
export type StepAction = 'request-ticket' | 'put' | 'register';

/** A running file as a step sees it; a move is refused once the file was stopped. */
export interface RunningFile {
  readonly signal: AbortSignal;
  get(): UploadEntry;
  /** Changes what is known of the file without changing its state (a removed file takes no change). */
  patch(patch: Partial<UploadEntry>): void;
  /** Moves the file on by one of the pipeline's transitions. */
  move(action: StepAction, patch?: Partial<UploadEntry>): void;
  /** Stores the file as it is now (see keptUploads). */
  keep(): Promise<void>;
  /** Resolves once what was asked to be stored of the file so far has landed (see keptUploads). */
  kept(): Promise<void>;
  /** Gives the file's place among the files moving at once to the next one (see UploadScheduler). */
  release(): void;
}

export type StepsDeps = Pick<UploadQueueOptions, 'api' | 'storage' | 'md5' | 'clock'> & {
  prepare: PreparePhoto | null;
  retries: UploadRetries;
};

/**
 * One file's work, each step once (the queue decides when, and the retries how often): making a photo
 * lighter, a ticket and the PUT, the registration. Each step reports what it learns on the file.
 */
export class UploadSteps {
  constructor(private readonly deps: StepsDeps) {}

  /**
   * One file's way through, from the photo made lighter to registered; resolves with the attachment's
   * id. Storage refusing a signed URL gets one new ticket, and an object the server does not confirm
   * is uploaded once more, before the failure counts.
   */
  async run(file: RunningFile): Promise<number> {
    const { retries } = this.deps;
    const context: StepContext = {
      owner: file.get().person,
      signal: file.signal,
      onWait: (patch) => file.patch(patch),
    };
    let urlRenewals = 0;
    let etagRenewals = 0;
    let early: EarlyTicket | null = null;
    if (!file.get().prepared) {
      early = this.earlyTicket(file);
      const dropped = file.get().file;
      await this.prepare(file);
      // A lighter copy is stored before it is sent. A file sent as dropped was stored at the drop; what
      // preparing learnt of it (its sniffed type) is learnt again after a reload, and is stored with the
      // write before registering. Not writing it again here keeps this file's first request from
      // queueing in IndexedDB behind the writes of the rest of its batch.
      if (file.get().file !== dropped) await file.keep();
    }
    // None of the file's bytes go out before it is stored: its write from the drop (or above) lands
    // while its ticket is asked for (a name, nothing of the file), and the PUT waits for both.
    const stored = file.kept();
    // kept() rejects only once the file was stopped, which the steps below see by its signal: held
    // here so a stop before the PUT awaits it (in resolveTarget, say) is no unhandled rejection.
    void stored.catch(() => undefined);
    await this.resolveTarget(file, context);
    for (;;) {
      const entry = file.get();
      if (entry.s3Key === undefined || entry.s3Etag === undefined) {
        try {
          const uploaded = await retries.run(context, () => {
            // The early ticket serves the first try only: a URL is single-use.
            const ticket = early;
            early = null;
            return this.upload(file, stored, ticket);
          });
          file.move('register', { ...uploaded, waiting: undefined });
        } catch (error) {
          if (isUploadError(error) && error.kind === 'url-rejected' && urlRenewals++ < 1) continue;
          throw error;
        }
      } else if (entry.state !== 'registering') {
        file.move('register');
      }
      // Its bytes are in storage: the next file's ticket and PUT need not wait for its registration (a
      // small request). One sent again after a mismatch below goes without a place: a rare second try.
      file.release();
      // Stored before anything is sent: after a reload the answer may be the thing that was lost,
      // and a stored 'registering' entry is looked up before it is registered again (toStored).
      await file.keep();
      try {
        return await retries.run(context, () => this.register(file));
      } catch (error) {
        if (isUploadError(error) && error.kind === 'etag-mismatch' && etagRenewals++ < 1) {
          file.patch({ registerSent: undefined, s3Key: undefined, s3Etag: undefined });
          continue;
        }
        throw error;
      }
    }
  }

  /**
   * The file's ticket asked for at once, before it is prepared, when preparing cannot rename it (it
   * is no photo to make lighter): its first request goes out in the drop's own task, not after the
   * type sniff's read, which comes back only after the page has drawn the new row. It carries the
   * file's name, nothing of its bytes, and goes only when a step would go now by the retries' own
   * checks (the person who dropped it signed in, online, no pause asked). It is the step's first
   * try: its failure is met, and tried again or shown, as any try's; one asked for a name that
   * preparing then changed is not used, and one for a name the sniff makes more specific is followed
   * by the ticket for that name, as a server's generic type is (requestTicket).
   */
  private earlyTicket(file: RunningFile): EarlyTicket | null {
    const { api, prepare, retries } = this.deps;
    const entry = file.get();
    if (entry.target.entityId === null) return null;
    if (prepare && photoKind(entry.filename, entry.file.type) !== null) return null;
    if (!retries.mayGoNow(entry.person)) return null;
    const ticket = api.requestTicket(entry.filename, file.signal);
    // Its failure is the first try's, met where the step awaits it (under the retries); held till then.
    ticket.catch(() => undefined);
    return { filename: entry.filename, ticket };
  }

  /**
   * Learns the file's type from its bytes when nothing else tells it, then makes a photo lighter, once,
   * before anything is sent: the lighter file replaces it in the entry
   * (so it is what is hashed, named for the ticket and resumed after a reload), and the original is
   * held in this page for "Send original". A photo that cannot be made lighter goes as it is, saying why.
   */
  async prepare(file: RunningFile): Promise<void> {
    const { prepare } = this.deps;
    let entry = file.get();
    // A file whose name and browser type say nothing ("IMG_0412") is known by its first bytes, so it
    // is made lighter, previewed, and ticketed (moreSpecificFilename) as what it is.
    if (isGenericContentType(entry.type)) {
      const sniffed = await sniffBlobType(entry.file).catch(() => null);
      throwIfAborted(file.signal);
      if (sniffed) file.patch({ type: sniffed });
      entry = file.get();
    }
    if (prepare) {
      file.patch({ waiting: 'lightening' });
      try {
        const lighter = await prepare(entry.file, entry.filename, file.signal);
        throwIfAborted(file.signal);
        if (lighter) {
          const { file: original, filename, type, size } = entry;
          file.patch({
            ...lighter,
            size: lighter.file.size,
            lightenedFrom: entry.size,
            original: { file: original, filename, type, size },
            originalKept: true,
          });
        }
      } catch (error) {
        throwIfAborted(file.signal);
        // Shown on the file's row: the worker's or the decoder's own text is never passed on.
        file.patch({
          lighteningFailed: error instanceof WordedError ? error.message : FAILURE_WORDS.notLightened,
        });
      }
    }
    throwIfAborted(file.signal);
    file.patch({ prepared: true, waiting: undefined });
  }

  /**
   * A file chosen offline for a record known only by kind and id learns the record's entity id first,
   * before any byte is sent: a record that does not exist costs no upload, and the id is kept on the
   * file so a reload does not ask again.
   */
  async resolveTarget(file: RunningFile, context: StepContext): Promise<void> {
    const { target } = file.get();
    if (target.entityId !== null) return;
    const entityId = await this.deps.retries.run(context, () =>
      answered(file, this.deps.api.resolveEntity(target.record, file.signal)),
    );
    throwIfAborted(file.signal);
    file.patch({ target: { ...file.get().target, entityId } });
    await file.keep();
  }

  /**
   * One storage round: a fresh ticket (each try, since a URL is single-use), the PUT once `stored`
   * (the file's write to the device) has landed too, the ETag.
   */
  async upload(
    file: RunningFile,
    stored: Promise<void>,
    early: EarlyTicket | null = null,
  ): Promise<{ s3Key: string; s3Etag: string }> {
    const { clock, storage, md5 } = this.deps;
    const { signal } = file;
    file.move('request-ticket', { sentBytes: 0, bytesPerSecond: 0 });
    const entry = file.get();
    const [ticket] = await Promise.all([answered(file, this.requestTicket(entry, signal, early)), stored]);
    throwIfAborted(signal);
    file.move('put', { waiting: undefined });
    let sample = { at: clock.now(), sent: 0 };
    const { etag } = await storage.put({
      url: ticket.uploadUrl,
      body: entry.file,
      contentType: ticket.contentType,
      stallTimeoutMs: PUT_STALL_MS,
      signal,
      onProgress: (sent) => {
        if (signal.aborted) return;
        const at = clock.now();
        let { bytesPerSecond } = file.get();
        if (at - sample.at >= speedSampleMs) {
          const current = ((sent - sample.sent) * 1000) / (at - sample.at);
          bytesPerSecond = bytesPerSecond > 0 ? bytesPerSecond * 0.7 + current * 0.3 : current;
          sample = { at, sent };
        }
        file.patch({ sentBytes: sent, bytesPerSecond });
      },
    });
    throwIfAborted(signal);
    const s3Etag = etag ?? (await md5(entry.file, signal));
    return { s3Key: ticket.s3Key, s3Etag };
  }

  /**
   * createFileAttachment for the uploaded key; when an earlier registration of it may have reached
   * the server (its answer lost), the attachment is looked up first so it is never made twice.
   */
  async register(file: RunningFile): Promise<number> {
    const { filename, s3Key, s3Etag, target, registerSent } = file.get();
    if (s3Key === undefined || s3Etag === undefined) throw new Error('Nothing uploaded to register.');
    if (target.entityId === null) throw new Error('The record of this file is not known yet.');
    if (registerSent) {
      const existing = await answered(file, this.deps.api.findAttachment(target, s3Key, file.signal));
      if (existing !== null) return existing;
    }
    file.patch({ registerSent: true });
    return answered(file, this.deps.api.register({ filename, s3Key, s3Etag, target }, file.signal));
  }

  private async requestTicket(
    entry: UploadEntry,
    signal: AbortSignal,
    early: EarlyTicket | null,
  ): Promise<UploadTicket> {
    const ticket = await (early?.filename === entry.filename
      ? early.ticket
      : this.deps.api.requestTicket(entry.filename, signal));
    const specific = moreSpecificFilename(entry.filename, ticket.contentType, entry.type);
    return specific === null ? ticket : this.deps.api.requestTicket(specific, signal);
  }
}

/**
 * `request` (to the API), with the file's row saying it waits for the server's answer once it has
 * gone unanswered for SLOW_ANSWER_MS: a file never sits at "Preparing" on a hanging request without a
 * word. The request itself gives up at the API time-out (reachabilityFetch).
 */
async function answered<T>(file: RunningFile, request: Promise<T>): Promise<T> {
  const timer = setTimeout(() => {
    if (!file.signal.aborted && file.get().waiting === undefined) file.patch({ waiting: 'answer' });
  }, SLOW_ANSWER_MS);
  try {
    return await request;
  } finally {
    clearTimeout(timer);
    if (file.get().waiting === 'answer') file.patch({ waiting: undefined });
  }
}
