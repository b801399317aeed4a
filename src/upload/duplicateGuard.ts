import { memoryAttachedHere, type AttachedHere, type AttachedHereStore } from './attachedHere.ts';
import type { UploadEntry, UploadTarget } from './types.ts';
import { personKey, type Person } from '../lib/person.ts';

/** Where the same content already went, to say so before it is sent again. */
export interface DuplicateMatch {
  filename: string;
  /** The record it went to, as the technician calls it. */
  label: string;
  /** When it was attached (ms), or null while it is still in the queue. */
  attachedAt: number | null;
  /** In the queue but failed: not attached, its Retry is in the list. */
  failed?: true;
  /**
   * Found by its name only, on the record's list from the server: the API keeps neither size nor
   * checksum of an attachment, so the bytes could not be compared.
   */
  sameNameOnly?: true;
}

/** An attachment the record holds on the server, as its list (read last) shows it. */
export interface ListedAttachment {
  id: number;
  filename: string;
  /** When it was attached (ms), if the list says. */
  createdAt: number | null;
}

export type ContentHash = (blob: Blob) => Promise<string>;

/**
 * MD5 of the bytes, lower-case hex: what storage's ETag of a plain PUT is, so a file attached before
 * this page loaded is compared by the ETag kept for it. Loaded on first use (few drops ever need it),
 * so the entry bundle does not carry it.
 */
export const md5Hex: ContentHash = async (blob) => {
  const { md5 } = await import('hash-wasm');
  return md5(new Uint8Array(await blob.arrayBuffer()));
};

/** An attachment made in this page: its bytes are still at hand. */
type Known = AttachedHere & { file: Blob };

const NO_PERSON = () => null;

/**
 * Finds files whose content is already on its way (queued anywhere), was attached from this tablet to
 * the same record (in this page load or an earlier one: `store`), or whose name the record's list
 * from the server already holds. Only files of equal size are hashed, so an ordinary drop costs no
 * hashing at all. Plain TypeScript: the queue's views ask it before adding files.
 */
export class DuplicateGuard {
  private readonly attached: Known[] = [];
  private readonly hashes = new WeakMap<Blob, Promise<string>>();

  constructor(
    private readonly hash: ContentHash = md5Hex,
    private readonly store: AttachedHereStore = memoryAttachedHere(),
    private readonly person: () => Person | null = NO_PERSON,
  ) {}

  /**
   * Remembers files attached from this device (called with each batch of the queue's 'attached'
   * events): kept for this page at once, and written for the next page loads once per person.
   */
  remember(entries: readonly UploadEntry[], attachedAt: number): void {
    const byPerson = new Map<string, { person: Person; items: AttachedHere[] }>();
    for (const entry of entries) {
      if (entry.target.entityId === null) continue;
      const item: AttachedHere = {
        entityId: entry.target.entityId,
        attachmentId: entry.attachmentId ?? null,
        filename: entry.filename,
        size: entry.size,
        ...(entry.lightenedFrom === undefined ? {} : { droppedSize: entry.lightenedFrom }),
        md5: /^[0-9a-f]{32}$/i.test(entry.s3Etag ?? '') ? entry.s3Etag!.toLowerCase() : null,
        label: entry.target.label,
        attachedAt,
      };
      this.attached.push({ ...item, file: entry.file });
      const key = personKey(entry.person);
      const batch = byPerson.get(key) ?? { person: entry.person, items: [] };
      batch.items.push(item);
      byPerson.set(key, batch);
    }
    if (this.attached.length > 300) this.attached.splice(0, this.attached.length - 300);
    for (const { person, items } of byPerson.values()) this.store.add(person, items);
  }

  /**
   * Whether `find` would surely say null for `file`, known without reading or hashing anything: no
   * unfinished file in the queue and none attached here has its size, and the record's list has no
   * file of its name. A drop of such files is queued in the drop's own task (find answers a task later).
   */
  surelyNew(
    file: File,
    target: UploadTarget,
    queued: readonly UploadEntry[],
    listed: readonly ListedAttachment[] | null = null,
  ): boolean {
    const candidate = (entry: UploadEntry) =>
      entry.state !== 'attached' && entry.state !== 'cancelled' && entry.size === file.size;
    return (
      !queued.some(candidate) &&
      !this.attachedHere(target, listed).some(
        (known) => known.size === file.size || known.droppedSize === file.size,
      ) &&
      !listed?.some((item) => item.filename === file.name)
    );
  }

  /**
   * The earlier copy of `file` for `target`, or null when its content is new there. `listed`: the
   * record's attachments as the server last listed them (null when not known, offline for instance).
   */
  async find(
    file: File,
    target: UploadTarget,
    queued: readonly UploadEntry[],
    listed: readonly ListedAttachment[] | null = null,
  ): Promise<DuplicateMatch | null> {
    for (const entry of queued) {
      if (entry.state === 'attached' || entry.state === 'cancelled' || entry.size !== file.size) continue;
      if (await this.same(entry.file, file)) {
        const match: DuplicateMatch = {
          filename: entry.filename,
          label: entry.target.label,
          attachedAt: null,
        };
        return entry.state === 'failed' ? { ...match, failed: true } : match;
      }
    }
    const here = this.attachedHere(target, listed);
    for (const known of here) {
      if (await this.sameAsAttached(known, file)) {
        return { filename: known.filename, label: known.label, attachedAt: known.attachedAt };
      }
    }
    // Attached elsewhere (or before this tablet kept a note): the server's list has only names. A
    // listed file known here with another size is another file under the same name.
    const byName = listed?.find(
      (item) =>
        item.filename === file.name &&
        !here.some(
          (known) =>
            known.attachmentId === item.id && known.size !== file.size && known.droppedSize !== file.size,
        ),
    );
    return byName
      ? { filename: byName.filename, label: target.label, attachedAt: byName.createdAt, sameNameOnly: true }
      : null;
  }

  /**
   * Files attached from this tablet to `target`'s record, newest first: this page's, then the signed-in
   * person's from earlier page loads; not those the server's list no longer holds (deleted since).
   */
  private attachedHere(
    target: UploadTarget,
    listed: readonly ListedAttachment[] | null,
  ): (AttachedHere | Known)[] {
    const person = this.person();
    const earlier = person ? this.store.read(person) : [];
    const ids = listed && new Set(listed.map((item) => item.id));
    return [...earlier, ...this.attached]
      .filter(
        (item) =>
          item.entityId === target.entityId &&
          (ids === null || item.attachmentId === null || ids.has(item.attachmentId)) &&
          ('file' in item || item.md5 !== null || item.droppedSize !== undefined),
      )
      .reverse();
  }

  /**
   * The bytes sent are compared; a photo made lighter before it was sent is known by its size as
   * dropped and its name (its original bytes are not kept).
   */
  private async sameAsAttached(known: AttachedHere | Known, file: File): Promise<boolean> {
    if (known.droppedSize === file.size && known.filename === file.name) return true;
    if (known.size !== file.size) return false;
    if ('file' in known) return this.same(known.file, file);
    return known.md5 === (await this.hashOf(file));
  }

  private async same(a: Blob, b: Blob): Promise<boolean> {
    if (a === b) return true;
    const [ha, hb] = await Promise.all([this.hashOf(a), this.hashOf(b)]);
    return ha === hb;
  }

  private hashOf(blob: Blob): Promise<string> {
    let hash = this.hashes.get(blob);
    if (!hash) {
      hash = this.hash(blob);
      this.hashes.set(blob, hash);
    }
    return hash;
  }
}
