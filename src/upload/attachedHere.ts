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
  const readAll = (): Record<string, AttachedHere[]> => {
    try {
      const value: unknown = JSON.parse(storage.getItem(KEY) ?? '{}');
      return isJsonObject(value) ? (value as Record<string, AttachedHere[]>) : {};
    } catch {
      return {};
    }
  };
  return {
    read: (person) => {
      const list = readAll()[personKey(person)];
      return Array.isArray(list) ? list.filter(isAttachedHere) : [];
    },
    add: (person, items) => {
      if (items.length === 0) return;
      const all = readAll();
      const list = [...(all[personKey(person)] ?? []), ...items].slice(-REMEMBERED_PER_PERSON);
      try {
        storage.setItem(KEY, JSON.stringify({ ...all, [personKey(person)]: list }));
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
