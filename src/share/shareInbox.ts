import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import { samePerson, type Person } from '../lib/person.ts';
import { isJsonObject } from '../lib/jsonObject.ts';
import { STORAGE_KEYS } from '../lib/storageKeys.ts';
import { defineStoredSchema, readStored, versioned } from '../lib/storedSchema.ts';
import { DEFAULT_SHARE_BUDGET, type ShareBudget } from './shareBudget.ts';

/** One share from the tablet's share sheet: its files, when they came, and whose they are. */
export interface Share {
  id: string;
  files: File[];
  receivedAt: number;
  /** The person signed in where the share landed; null when nobody was: the next person is asked. */
  owner: Person | null;
}

/** 'too-large': more than a share nobody claimed may hold; 'too-many': the people's shares are full. */
export type ShareRefusal = 'empty' | 'too-large' | 'too-many';

export interface ShareInbox {
  /**
   * Keeps a share, nobody's until claimed: beside those waiting, never in place of a claimed one. It
   * is refused when it alone passes the budget of unclaimed shares or the claimed ones leave it no
   * room; older unclaimed shares give way to it (the newest is the one just shared on this tablet).
   */
  add(files: File[]): Promise<{ id: string } | { refused: ShareRefusal }>;
  /** The shares waiting, oldest first; expired ones are dropped on the way. */
  list(): Promise<Share[]>;
  /** Binds a share nobody owned yet to this person (they said it is theirs, or it landed in their page). */
  claim(id: string, person: Person): Promise<void>;
  /** Removes these shares and gives their files, for attaching. */
  take(ids: readonly string[]): Promise<File[]>;
  discard(ids: readonly string[]): Promise<void>;
  /** Sign-out: this person's shares go with them. */
  discardOwnedBy(person: Person): Promise<void>;
}

function isShare(value: unknown): value is Share {
  const share = value as Partial<Share>;
  return (
    isJsonObject(value) &&
    typeof share.id === 'string' &&
    Array.isArray(share.files) &&
    typeof share.receivedAt === 'number' &&
    (share.owner === null || typeof share.owner?.subject === 'string')
  );
}

/**
 * A stored share's versions. A share of a later version is left as it is, files included, for the version
 * that can read it; one that is not a share at all is deleted.
 */
export const SHARE_SCHEMA = defineStoredSchema<Share>({
  steps: [
    // 0 → 1: the first version to write its number; its shape is unchanged.
    (share) => share,
  ],
  is: isShare,
});

const bytesOf = (files: readonly File[]) => files.reduce((total, file) => total + file.size, 0);

export function createShareInbox({
  store = createStore(STORAGE_KEYS.shareInbox.name, 'inbox'),
  now = Date.now,
  newId = () => crypto.randomUUID(),
  budget = DEFAULT_SHARE_BUDGET,
}: { store?: UseStore; now?: () => number; newId?: () => string; budget?: ShareBudget } = {}): ShareInbox {
  const expired = (share: Share) =>
    share.receivedAt < now() - (share.owner === null ? budget.unclaimedKeepMs : budget.keepMs);
  /**
   * Reads every share in one transaction (migrated from the version that stored it), deletes what
   * expired or is not a share, leaves a later version's shares alone, and lets `then` write in the same transaction: two shares arriving at once cannot both
   * pass the limits.
   */
  const withShares = <T>(then: (shares: Share[], objects: IDBObjectStore) => T): Promise<T> =>
    store('readwrite', (objects) => {
      const keys = promisifyRequest(objects.getAllKeys());
      const values = promisifyRequest(objects.getAll());
      return Promise.all([keys, values]).then(([allKeys, all]) => {
        const shares: Share[] = [];
        all.forEach((value: unknown, index) => {
          const loaded = readStored(SHARE_SCHEMA, value);
          if (loaded.state === 'newer') return;
          if (loaded.state === 'read' && !expired(loaded.value)) shares.push(loaded.value);
          else objects.delete(allKeys[index]!);
        });
        const result = then(
          shares.sort((a, b) => a.receivedAt - b.receivedAt),
          objects,
        );
        return promisifyRequest(objects.transaction).then(() => result);
      });
    });

  return {
    add(files) {
      if (files.length === 0) return Promise.resolve({ refused: 'empty' as const });
      if (files.length > budget.unclaimedMaxFiles || bytesOf(files) > budget.unclaimedMaxBytes) {
        return Promise.resolve({ refused: 'too-large' as const });
      }
      return withShares((shares, objects) => {
        const claimed = shares.filter((share) => share.owner !== null).flatMap((share) => share.files);
        if (
          claimed.length + files.length > budget.maxFiles ||
          bytesOf(claimed) + bytesOf(files) > budget.maxBytes
        ) {
          return { refused: 'too-many' as const };
        }
        // Oldest first: the unclaimed shares that stay, with the new one, fit their own budget.
        const unclaimed = shares.filter((share) => share.owner === null);
        const fits = () => {
          const waiting = unclaimed.flatMap((share) => share.files);
          return (
            waiting.length + files.length <= budget.unclaimedMaxFiles &&
            bytesOf(waiting) + bytesOf(files) <= budget.unclaimedMaxBytes
          );
        };
        while (!fits()) objects.delete(unclaimed.shift()!.id);
        const share: Share = { id: newId(), files, receivedAt: now(), owner: null };
        objects.put(versioned(SHARE_SCHEMA, share), share.id);
        return { id: share.id };
      });
    },
    list: () => withShares((shares) => shares),
    claim: (id, person) =>
      withShares((shares, objects) => {
        const share = shares.find((candidate) => candidate.id === id);
        if (share && share.owner === null)
          objects.put(versioned(SHARE_SCHEMA, { ...share, owner: person }), id);
      }),
    take: (ids) =>
      withShares((shares, objects) => {
        const taken = shares.filter((share) => ids.includes(share.id));
        taken.forEach((share) => objects.delete(share.id));
        return taken.flatMap((share) => share.files);
      }),
    discard: (ids) =>
      withShares((_shares, objects) => {
        ids.forEach((id) => objects.delete(id));
      }),
    discardOwnedBy: (person) =>
      withShares((shares, objects) => {
        shares
          .filter((share) => samePerson(share.owner, person))
          .forEach((share) => objects.delete(share.id));
      }),
  };
}
