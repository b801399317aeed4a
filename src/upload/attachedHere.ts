import { STORAGE_KEYS } from '../lib/storageKeys.ts';
import { personKey, type Person } from '../lib/person.ts';
import { isJsonObject } from '../lib/jsonObject.ts';

/** A file attached from this tablet, as the duplicate guard compares it after a reload. */
export interface AttachedHere {
  entityId: number;
  /** The attachment it became: a file since deleted from the record is no longer a copy. */
  attachmentId: number | null;
  filename: string;
  size: number;
  /** The size as dropped, when the photo was made lighter before it was sent. */
  droppedSize?: number;
  /** MD5 of the bytes sent, lower-case hex (what storage's ETag is for a plain PUT); null if unknown. */
  md5: string | null;
  /** What the technician calls the record. */
  label: string;
  attachedAt: number;
}

/** What each person attached from this tablet, newest last, kept across page loads. */
export interface AttachedHereStore {
  read(person: Person): AttachedHere[];
  /** Adds a batch's files in one write (a batch of 30 was 30 reads and writes of the whole list). */
  add(person: Person, items: readonly AttachedHere[]): void;
}

/** How many attached files are remembered per person: enough for a shift's work on one tablet. */
export const REMEMBERED_PER_PERSON = 300;

const KEY = STORAGE_KEYS.attachedHere.name;
/** Kept in `storage` (localStorage in the app; sign-out clears it): a reload or a new tab still knows. */
export function storedAttachedHere(storage: Storage): AttachedHereStore {
  // The text last read and what it parsed to: the guard reads the list at every drop, and parsing a
  // shift's 300 files took 7 ms of a tablet's CPU in the drop's task (bench/LOG.md, issue 40). The
  // text is read each time, so another tab's write is seen; only an unchanged text is not parsed again.
  let parsed: {
    text: string | null;
    all: Record<string, AttachedHere[]>;
    mine: Map<string, AttachedHere[]>;
  } = { text: null, all: {}, mine: new Map() };
  const readAll = (): typeof parsed => {
    const text = storage.getItem(KEY);
    if (text === parsed.text) return parsed;
    let all: Record<string, AttachedHere[]> = {};
    try {
      const value: unknown = JSON.parse(text ?? '{}');
      if (isJsonObject(value)) all = value as Record<string, AttachedHere[]>;
    } catch {
      // Unreadable: as if nothing was kept.
    }
    parsed = { text, all, mine: new Map() };
    return parsed;
  };
  return {
    read: (person) => {
      const { all, mine } = readAll();
      const key = personKey(person);
      let list = mine.get(key);
      if (!list) {
        const kept = all[key];
        list = Array.isArray(kept) ? kept.filter(isAttachedHere) : [];
        mine.set(key, list);
      }
      return list;
    },
    add: (person, items) => {
      if (items.length === 0) return;
      const { all } = readAll();
      const list = [...(all[personKey(person)] ?? []), ...items].slice(-REMEMBERED_PER_PERSON);
      try {
        const next = { ...all, [personKey(person)]: list };
        const text = JSON.stringify(next);
        storage.setItem(KEY, text);
        parsed = { text, all: next, mine: new Map() };
      } catch {
        // Full or denied: this page still remembers it (the guard's own list), the next load does not.
      }
    },
  };
}

/** Kept for the life of the page only (tests, and browsers without storage). */
export function memoryAttachedHere(): AttachedHereStore {
  const lists = new Map<string, AttachedHere[]>();
  return {
    read: (person) => lists.get(personKey(person)) ?? [],
    add: (person, items) =>
      void lists.set(
        personKey(person),
        [...(lists.get(personKey(person)) ?? []), ...items].slice(-REMEMBERED_PER_PERSON),
      ),
  };
}

function isAttachedHere(value: unknown): value is AttachedHere {
  const item = value as Partial<AttachedHere> | null;
  return (
    !!item &&
    typeof item.entityId === 'number' &&
    typeof item.size === 'number' &&
    typeof item.filename === 'string' &&
    typeof item.label === 'string' &&
    typeof item.attachedAt === 'number'
  );
}
