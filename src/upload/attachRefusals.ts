import { STORAGE_KEYS } from '../lib/storageKeys.ts';
import { personKey, type Person } from '../lib/person.ts';

/**
 * The people the server refused an attach, remembered on this device: the API says nothing of a
 * person's permissions up front, so its first refusal is the answer. Attach controls stay hidden for
 * them from then on, in every page and after a reload, until they ask to check again.
 */
export interface AttachRefusals {
  has(person: Person): boolean;
  remember(person: Person): void;
  forget(person: Person): void;
}

/** The localStorage key of the refusals: a list of [organisation, subject] pairs, nothing else. */
export const ATTACH_REFUSALS_KEY = STORAGE_KEYS.attachRefusals.name;

/**
 * Refusals kept in `storage` (localStorage in the app), so they outlast the tab and the session.
 * `changes` is where the storage says another page changed it (the window's `storage` event).
 */
export function storedAttachRefusals(
  storage: Storage,
  changes: Pick<EventTarget, 'addEventListener'> | null = null,
): AttachRefusals {
  // Read at every queue announcement by each view that asks whether attaching is allowed (a trace of
  // 30 files on the tablet profile held one 174 ms task in these reads): with `changes`, the stored
  // text is read again only after this page wrote it or another page changed it; without, at every
  // read, and parsed again only when it changed.
  let last: { raw: string | null; keys: string[] } | null = null;
  let stale = true;
  changes?.addEventListener('storage', (event) => {
    const key = (event as StorageEvent).key;
    if (key === null || key === ATTACH_REFUSALS_KEY) stale = true;
  });
  const read = (): string[] => {
    if (last && !stale) return last.keys;
    let raw: string | null;
    try {
      raw = storage.getItem(ATTACH_REFUSALS_KEY);
    } catch {
      return [];
    }
    if (last?.raw !== raw) last = { raw, keys: parse(raw) };
    stale = changes === null;
    return last.keys;
  };
  const write = (keys: string[]) => {
    stale = true;
    try {
      storage.setItem(ATTACH_REFUSALS_KEY, JSON.stringify(keys));
    } catch {
      // Storage full or denied: the refusal is learnt again at the next attach, no worse than before.
    }
  };
  return {
    has: (person) => read().includes(personKey(person)),
    remember: (person) => {
      const keys = read();
      if (!keys.includes(personKey(person))) write([...keys, personKey(person)]);
    },
    forget: (person) => write(read().filter((key) => key !== personKey(person))),
  };
}

function parse(raw: string | null): string[] {
  try {
    const value: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(value) ? value.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

/** Refusals kept for the life of the page only (tests, and browsers without storage). */
export function memoryAttachRefusals(): AttachRefusals {
  const keys = new Set<string>();
  return {
    has: (person) => keys.has(personKey(person)),
    remember: (person) => void keys.add(personKey(person)),
    forget: (person) => void keys.delete(personKey(person)),
  };
}
