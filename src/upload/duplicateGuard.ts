import { isFinished, type UploadEntry, type UploadTarget } from './types.ts';

/** Where the same content already went, to say so before it is sent again. */
export interface DuplicateMatch {
  filename: string;
  /** The record it went to, as the technician calls it. */
  label: string;
  /** When it was attached (ms), or null while it is still in the queue. */
  attachedAt: number | null;
}

export type ContentHash = (blob: Blob) => Promise<string>;

interface Known {
  file: Blob;
  filename: string;
  /** null only for a record never resolved, which an attached file always was. */
  entityId: number | null;
  label: string;
  attachedAt: number;
}

/** How many attached files are remembered: enough for a shift's work on one tablet. */
const REMEMBERED = 300;

/**
 * SHA-256 of the bytes, hex: the same photo chosen twice has the same hash whatever its name. Loaded
 * on first use (few drops ever need it), so the entry bundle does not carry it.
 */
export const sha256: ContentHash = async (blob) => {
  const { sha256: digest } = await import('hash-wasm');
  return digest(new Uint8Array(await blob.arrayBuffer()));
};

/**
 * Finds files whose content is already on its way (queued anywhere) or was attached from this device
 * to the same record. Only files of equal size are hashed, so an ordinary drop costs no hashing at all.
 * Plain TypeScript: the queue's views ask it before adding files.
 */
export class DuplicateGuard {
  private readonly attached: Known[] = [];
  private readonly hashes = new WeakMap<Blob, Promise<string>>();

  constructor(private readonly hash: ContentHash = sha256) {}

  /** Remembers a file attached from this device (called with the queue's 'attached' events). */
  remember(entry: UploadEntry, attachedAt: number): void {
    this.attached.push({
      file: entry.file,
      filename: entry.filename,
      entityId: entry.target.entityId,
      label: entry.target.label,
      attachedAt,
    });
    if (this.attached.length > REMEMBERED) this.attached.shift();
  }

  /** The earlier copy of `file` for `target`, or null when its content is new there. */
  async find(
    file: Blob,
    target: UploadTarget,
    queued: readonly UploadEntry[],
  ): Promise<DuplicateMatch | null> {
    for (const entry of queued) {
      if (isFinished(entry.state) || entry.size !== file.size) continue;
      if (await this.same(entry.file, file)) {
        return { filename: entry.filename, label: entry.target.label, attachedAt: null };
      }
    }
    for (let i = this.attached.length - 1; i >= 0; i--) {
      const known = this.attached[i]!;
      if (known.entityId !== target.entityId || known.file.size !== file.size) continue;
      if (await this.same(known.file, file)) {
        return { filename: known.filename, label: known.label, attachedAt: known.attachedAt };
      }
    }
    return null;
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
