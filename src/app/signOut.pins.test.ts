import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { describe, expect, it } from 'vitest';
import { createTestAuthSession } from '../test/renderApp.tsx';
import { createQueueWorld } from '../test/uploadQueue.ts';
import { pinnedFor, pinWorld, run1 } from '../test/pinnedRecords.ts';
import { createSignOut } from './signOut.ts';

describe('sign-out and pinned records', () => {
  it('removes the pins and their kept copies from the device before the session ends', async () => {
    const w = pinWorld();
    const pinned = w.make();
    pinned.pin(run1);
    await pinnedFor(pinned, run1);
    expect(w.storage.blobs.size).toBeGreaterThan(0);

    const session = createTestAuthSession();
    let keptAtSessionEnd: unknown = 'not ended';
    session.signOut.mockImplementation(async () => {
      keptAtSessionEnd = { state: w.storage.state, blobs: w.storage.blobs.size };
      return 'provider-not-reached';
    });
    const signOut = createSignOut({
      session,
      client: new ApolloClient({ cache: new InMemoryCache(), link: new MockLink([]) }),
      uploads: createQueueWorld().makeQueue(),
      shareInbox: null,
      pinned,
    });
    await signOut({ discardFiles: false, returnTo: '/' });
    expect(keptAtSessionEnd).toEqual({ state: undefined, blobs: 0 });
    expect(pinned.getSnapshot().pins).toEqual([]);
  });
});
