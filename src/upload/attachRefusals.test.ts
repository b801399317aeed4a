import { describe, expect, it } from 'vitest';
import { ATTACH_REFUSALS_KEY, storedAttachRefusals } from './attachRefusals.ts';

const taylor = { organization: 'org-1', subject: 'taylor', name: 'Taylor' };

/** A localStorage that counts its reads. */
function countingStorage() {
  const items = new Map<string, string>();
  const storage = {
    reads: 0,
    getItem(key: string) {
      storage.reads++;
      return items.get(key) ?? null;
    },
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  return storage;
}

describe('attach refusals kept in web storage', () => {
  it('are remembered and forgotten', () => {
    const storage = countingStorage();
    const refusals = storedAttachRefusals(storage as unknown as Storage, new EventTarget());
    expect(refusals.has(taylor)).toBe(false);
    refusals.remember(taylor);
    expect(refusals.has(taylor)).toBe(true);
    expect(storedAttachRefusals(storage as unknown as Storage).has(taylor)).toBe(true);
    refusals.forget(taylor);
    expect(refusals.has(taylor)).toBe(false);
  });

  it('are read from storage again only when another page changed them', () => {
    const storage = countingStorage();
    const changes = new EventTarget();
    const refusals = storedAttachRefusals(storage as unknown as Storage, changes);
    refusals.has(taylor);
    refusals.has(taylor);
    expect(storage.reads).toBe(1);

    storage.setItem(ATTACH_REFUSALS_KEY, JSON.stringify([JSON.stringify(['org-1', 'taylor'])]));
    changes.dispatchEvent(Object.assign(new Event('storage'), { key: ATTACH_REFUSALS_KEY }));

    expect(refusals.has(taylor)).toBe(true);
    expect(storage.reads).toBe(2);
  });
});
