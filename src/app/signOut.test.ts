import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, type StoredItem } from '../lib/storageKeys.ts';
import { KeptRecords, memoryKeptRecordsStore } from '../graphql/keptRecords.ts';
import type { ShareInbox } from '../share/shareInbox.ts';
import { createTestAuthSession } from '../test/renderApp.tsx';
import { createQueueWorld } from '../test/uploadQueue.ts';
import { CLEARED_WEB_STORAGE, createSignOut } from './signOut.ts';

/** A value in every key an item names (one key of a prefix stands for all). */
function fill(item: StoredItem): string {
  const key = item.match === 'prefix' ? `${item.name}7` : item.name;
  (item.area === 'localStorage' ? localStorage : sessionStorage).setItem(key, 'something of Taylor’s');
  return key;
}

function signOutWith(shareInbox: ShareInbox | null = null) {
  const session = createTestAuthSession();
  const client = new ApolloClient({ cache: new InMemoryCache(), link: new MockLink([]) });
  const signOut = createSignOut({ session, client, uploads: createQueueWorld().makeQueue(), shareInbox });
  return { session, signOut };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('sign-out on a shared tablet', () => {
  it('clears every key lib/storageKeys.ts marks cleared, and keeps device settings', async () => {
    localStorage.setItem(STORAGE_KEYS.lastPage.name, '/runs/7');
    localStorage.setItem(`${STORAGE_KEYS.recentRecords.name}1`, '[{"title":"Bracket torque run"}]');
    localStorage.setItem(STORAGE_KEYS.openByIdKind.name, 'runStep');
    localStorage.setItem(STORAGE_KEYS.colorScheme.name, 'dark');
    const { signOut } = signOutWith();

    await signOut({ discardFiles: false, returnTo: '/runs/7' });

    expect(localStorage.getItem(STORAGE_KEYS.lastPage.name)).toBeNull();
    expect(localStorage.getItem(`${STORAGE_KEYS.recentRecords.name}1`)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.openByIdKind.name)).toBe('runStep');
    expect(localStorage.getItem(STORAGE_KEYS.colorScheme.name)).toBe('dark');
  });

  it('leaves nothing of any web storage item marked cleared, whatever is added to the list', async () => {
    expect(CLEARED_WEB_STORAGE.length).toBeGreaterThan(0);
    const keys = CLEARED_WEB_STORAGE.map(fill);
    await signOutWith().signOut({ discardFiles: false, returnTo: '/' });
    for (const key of keys) expect(localStorage.getItem(key) ?? sessionStorage.getItem(key)).toBeNull();
  });

  it('discards the shares of the person signing out, and only theirs', async () => {
    const inbox = { discardOwnedBy: vi.fn(async () => undefined) } as unknown as ShareInbox;
    const { session, signOut } = signOutWith(inbox);
    const person = session.getPerson();
    await signOut({ discardFiles: false, returnTo: '/' });
    expect(inbox.discardOwnedBy).toHaveBeenCalledWith(person);
  });

  it('keeps what is being recorded before the session ends, and does not wait on storage that never answers', async () => {
    const session = createTestAuthSession();
    const client = new ApolloClient({ cache: new InMemoryCache(), link: new MockLink([]) });
    const order: string[] = [];
    const ended = vi.spyOn(session, 'beginSignOut').mockImplementation(() => void order.push('session ends'));
    const kept = createSignOut({
      session,
      client,
      uploads: createQueueWorld().makeQueue(),
      shareInbox: null,
      keepRecordings: async () => void order.push('recordings kept'),
    });
    await kept({ discardFiles: false, returnTo: '/' });
    expect(order).toEqual(['recordings kept', 'session ends']);

    vi.useFakeTimers();
    try {
      const stuck = createSignOut({
        session,
        client,
        uploads: createQueueWorld().makeQueue(),
        shareInbox: null,
        keepRecordings: () => new Promise<void>(() => {}),
      });
      const signingOut = stuck({ discardFiles: false, returnTo: '/' });
      await vi.advanceTimersByTimeAsync(5_000);
      await signingOut;
      expect(ended).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('names every IndexedDB store it clears, so a new one cannot be missed', () => {
    const clearedStores = Object.values(STORAGE_KEYS)
      .filter((item: StoredItem) => item.area === 'indexedDB' && item.onSignOut === 'cleared')
      .map((item) => item.name);
    // The share inbox is cleared through ShareInbox.discardOwnedBy above, the kept records through
    // KeptRecords.clear below; a store added here needs its own.
    expect(clearedStores).toEqual([
      STORAGE_KEYS.keptRecords.name,
      STORAGE_KEYS.pinnedRecords.name, // PinnedRecords.clear (signOut.pins.test.ts)
      STORAGE_KEYS.shareInbox.name,
    ]);
  });

  it('removes the records kept for offline use, on the device, before the session ends', async () => {
    const store = memoryKeptRecordsStore();
    const session = createTestAuthSession();
    const cache = new InMemoryCache();
    const keptRecords = new KeptRecords({ store, cache, owner: () => session.getPerson(), saveDelayMs: 0 });
    keptRecords.noteResponse({ run: { __typename: 'Run', id: 7 } });
    await keptRecords.flush();
    expect(store.snapshot).toBeDefined();
    let keptAtSessionEnd: unknown = 'not ended';
    session.signOut.mockImplementation(async () => {
      keptAtSessionEnd = store.snapshot;
      return 'provider-not-reached';
    });
    const client = new ApolloClient({ cache, link: new MockLink([]) });
    const signOut = createSignOut({
      session,
      client,
      uploads: createQueueWorld().makeQueue(),
      shareInbox: null,
      keptRecords,
    });
    await signOut({ discardFiles: false, returnTo: '/' });
    expect(keptAtSessionEnd).toBeUndefined();
    expect(keptRecords.fetchedAt('Run', 7)).toBeUndefined();
  });
});
