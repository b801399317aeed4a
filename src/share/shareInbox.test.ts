// Node's File, not jsdom's: it is what fake-indexeddb's structured clone can copy, as a browser's would.
import { File } from 'node:buffer';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { createStore, get, keys, setMany } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Person } from '../lib/person.ts';
import { createShareInbox } from './shareInbox.ts';
import { DEFAULT_SHARE_BUDGET, shareBudgetFrom, type ShareBudget } from './shareBudget.ts';
import { isCrossSiteShare, receiveShare } from '../serviceWorker/receiveShare.ts';

const taylor: Person = { subject: '1', organization: 'org', name: 'Taylor Technician' };
const vic: Person = { subject: '2', organization: 'org', name: 'Vic Viewer' };

/** The body is the name: fake-indexeddb's clone keeps a File's bytes but, unlike a browser's, not its name. */
const file = (name: string) => new File([name], name, { type: 'image/jpeg' }) as unknown as globalThis.File;

/** A file that says it is this large without taking the memory (it is refused before it is stored). */
const fileOfSize = (name: string, size: number) => Object.defineProperty(file(name), 'size', { value: size });

const bodies = (files: readonly Blob[]) => Promise.all(files.map((f) => f.text()));

function inboxAt(clock: { now: number }, budget: ShareBudget = DEFAULT_SHARE_BUDGET) {
  let ids = 0;
  return createShareInbox({
    store: createStore('floor-share', 'inbox'),
    now: () => clock.now,
    newId: () => `share-${++ids}`,
    budget,
  });
}

/** A budget small enough to fill in a test: 5 claimed files, 3 unclaimed. */
const SMALL: ShareBudget = {
  maxFiles: 5,
  maxBytes: 5000,
  unclaimedMaxFiles: 3,
  unclaimedMaxBytes: 300,
  keepMs: 60_000,
  unclaimedKeepMs: 10_000,
};

/** What the browser hands the worker for a share-target navigation (mode 'navigate' cannot be built). */
function shareNavigation(
  files: globalThis.File[],
  referrer = '',
  origin: string | null = null,
  referrerPolicy: ReferrerPolicy = 'strict-origin-when-cross-origin',
): Request {
  // Only the part of FormData the worker reads: jsdom's FormData takes no Node File.
  const form = { getAll: (name: string) => (name === 'files' ? files : []) };
  return {
    url: 'https://app.test/share',
    mode: 'navigate',
    referrer,
    referrerPolicy,
    headers: new Headers(origin === null ? {} : { origin }),
    formData: async () => form,
  } as unknown as Request;
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('the share inbox', () => {
  it('keeps a new share beside one waiting, never in its place', async () => {
    const inbox = inboxAt({ now: 1000 });
    await inbox.add([file('genuine.jpg')]);
    await inbox.add([file('later.jpg')]);
    const shares = await inbox.list();
    expect(await Promise.all(shares.map((share) => bodies(share.files)))).toEqual([
      ['genuine.jpg'],
      ['later.jpg'],
    ]);
  });

  it('reads shares stored before versions; a later version’s is left as it is, files included', async () => {
    const raw = createStore('floor-share', 'inbox');
    const older = { id: 'older', files: [file('older.jpg')], receivedAt: 1000, owner: taylor };
    const later = { ...older, id: 'later', files: [file('later.jpg')], schemaVersion: 99 };
    await setMany(
      [
        ['older', older],
        ['later', later],
        ['junk', 'not a share'],
      ],
      raw,
    );
    const inbox = inboxAt({ now: 2000 });

    expect((await inbox.list()).map((share) => share.id)).toEqual(['older']);
    expect(await bodies(await inbox.take(['older', 'later']))).toEqual(['older.jpg']);
    await inbox.discardOwnedBy(taylor);
    expect(await keys(raw)).toEqual(['later']);
    expect(await bodies((await get<typeof later>('later', raw))!.files)).toEqual(['later.jpg']);
  });

  it('refuses a share larger than an unclaimed share may be, whatever waits', async () => {
    const inbox = inboxAt({ now: 1000 }, SMALL);
    expect(await inbox.add([file('a'), file('b'), file('c'), file('d')])).toEqual({ refused: 'too-large' });
    expect(await inbox.add([fileOfSize('huge.jpg', 301)])).toEqual({ refused: 'too-large' });
    expect(await inbox.list()).toEqual([]);
    expect(await inbox.add([file('a'), file('b'), file('c')])).toEqual({ id: 'share-1' });
  });

  it('keeps unclaimed shares within their own budget: the oldest give way to a new share', async () => {
    const clock = { now: 1000 };
    const inbox = inboxAt(clock, SMALL);
    for (let i = 1; i <= 50; i++) {
      clock.now += 1;
      await inbox.add([file(`flood-${i}.jpg`)]);
    }
    // The flood never holds more than the unclaimed budget.
    expect(await bodies((await inbox.list()).flatMap((share) => share.files))).toEqual([
      'flood-48.jpg',
      'flood-49.jpg',
      'flood-50.jpg',
    ]);
    // The person's own share still gets in, and once claimed no unclaimed share pushes it out.
    const own = await inbox.add([file('mine-1.jpg'), file('mine-2.jpg')]);
    expect(own).toEqual({ id: 'share-51' });
    await inbox.claim('share-51', taylor);
    for (let i = 51; i <= 60; i++) {
      clock.now += 1;
      await inbox.add([file(`flood-${i}.jpg`)]);
    }
    const shares = await inbox.list();
    expect(shares.filter((share) => share.owner !== null).map((share) => share.id)).toEqual(['share-51']);
    expect(shares.filter((share) => share.owner === null)).toHaveLength(3);
  });

  it("refuses a share when the people's shares leave no room, and never gives theirs away", async () => {
    const inbox = inboxAt({ now: 1000 }, SMALL);
    await inbox.add([file('a'), file('b'), file('c')]);
    await inbox.claim('share-1', taylor);
    await inbox.add([file('d'), file('e')]);
    await inbox.claim('share-2', vic);
    expect(await inbox.add([file('f')])).toEqual({ refused: 'too-many' });
    expect((await inbox.list()).map((share) => share.id)).toEqual(['share-1', 'share-2']);
  });

  it('lets shares nobody attached expire, unclaimed ones sooner', async () => {
    const clock = { now: 1000 };
    const inbox = inboxAt(clock, SMALL);
    await inbox.add([file('claimed.jpg')]);
    await inbox.claim('share-1', taylor);
    await inbox.add([file('nobodys.jpg')]);
    clock.now += SMALL.unclaimedKeepMs - 1;
    await inbox.add([file('newer.jpg')]);
    clock.now += 2;
    expect(await bodies((await inbox.list()).flatMap((share) => share.files))).toEqual([
      'claimed.jpg',
      'newer.jpg',
    ]);
    clock.now += SMALL.keepMs;
    expect(await inbox.list()).toEqual([]);
  });

  it("binds a share to the person who claims it once, and sign-out discards only that person's", async () => {
    const inbox = inboxAt({ now: 1000 });
    await inbox.add([file('mine.jpg')]);
    await inbox.add([file('nobodys.jpg')]);
    await inbox.claim('share-1', taylor);
    await inbox.claim('share-1', vic);
    expect((await inbox.list()).map((share) => share.owner)).toEqual([taylor, null]);

    await inbox.discardOwnedBy(taylor);
    expect((await inbox.list()).map((share) => share.id)).toEqual(['share-2']);
  });

  it('gives the files of the shares taken and keeps the others', async () => {
    const inbox = inboxAt({ now: 1000 });
    await inbox.add([file('a.jpg'), file('b.jpg')]);
    await inbox.add([file('c.jpg')]);
    expect(await bodies(await inbox.take(['share-1']))).toEqual(['a.jpg', 'b.jpg']);
    expect((await inbox.list()).map((share) => share.id)).toEqual(['share-2']);
  });
});

describe('receiving a share in the service worker', () => {
  it('keeps the files and names the share in the redirect to the share page', async () => {
    const inbox = inboxAt({ now: 1000 });
    const response = await receiveShare(shareNavigation([file('photo.jpg')]), 'none', inbox);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('https://app.test/share?received=share-1');
    expect((await inbox.list())[0]!.owner).toBeNull();
  });

  it('refuses a form posted by another website, keeping what waits', async () => {
    const inbox = inboxAt({ now: 1000 });
    await receiveShare(shareNavigation([file('genuine.jpg')]), 'none', inbox);
    const response = await receiveShare(
      shareNavigation([file('planted.jpg')], 'https://evil.example/page', 'https://evil.example'),
      'none',
      inbox,
    );
    expect(response.headers.get('location')).toBe('https://app.test/share?problem=cross-site');
    // Hiding its referrer, the website's page is still the navigation's initiator.
    const hidden = await receiveShare(shareNavigation([file('hidden.jpg')], '', 'null'), 'foreign', inbox);
    expect(hidden.headers.get('location')).toBe('https://app.test/share?problem=cross-site');
    // Hiding it and opening a new window: no initiator, but the policy that hid the referrer says so.
    const blank = await receiveShare(
      shareNavigation([file('blank.jpg')], '', 'null', 'no-referrer'),
      'none',
      inbox,
    );
    expect(blank.headers.get('location')).toBe('https://app.test/share?problem=cross-site');
    expect(await bodies((await inbox.list()).flatMap((share) => share.files))).toEqual(['genuine.jpg']);
  });

  it('says so when a share would pass the budget', async () => {
    const inbox = inboxAt({ now: 1000 }, SMALL);
    const flood = Array.from({ length: SMALL.unclaimedMaxFiles + 1 }, (_, i) => file(`flood-${i}.jpg`));
    const response = await receiveShare(shareNavigation(flood), 'none', inbox);
    expect(response.headers.get('location')).toBe('https://app.test/share?problem=too-large');
    expect(await inbox.list()).toEqual([]);
  });

  it('tells a share navigation from a cross-site one by what the worker can see', () => {
    const own = 'https://app.test';
    const at = (
      referrer: string,
      origin: string | null = null,
      mode = 'navigate',
      referrerPolicy = 'strict-origin-when-cross-origin',
    ) =>
      ({
        referrer,
        mode,
        referrerPolicy,
        headers: new Headers(origin === null ? {} : { origin }),
      }) as unknown as Request;
    // The share sheet: no page behind it. One of the app's pages: its own origin.
    expect(isCrossSiteShare(at(''), own, 'none')).toBe(false);
    expect(isCrossSiteShare(at('https://app.test/parts/1', own), own, 'ours')).toBe(false);
    expect(isCrossSiteShare(at('', 'null'), own, 'ours')).toBe(false);
    // Another website, by any of the three signs.
    expect(isCrossSiteShare(at('', 'null'), own, 'foreign')).toBe(true);
    expect(isCrossSiteShare(at('', 'https://evil.example'), own, 'none')).toBe(true);
    expect(isCrossSiteShare(at('https://evil.example/'), own, 'none')).toBe(true);
    expect(isCrossSiteShare(at('https://app.test.evil.example/'), own, 'none')).toBe(true);
    expect(isCrossSiteShare(at('', null, 'no-cors'), own, 'none')).toBe(true);
    // Origin null, no referrer, no initiating page: a page that hid its referrer (no-referrer,
    // rel=noreferrer, same-origin) is refused; the share sheet sends under the default policy.
    expect(isCrossSiteShare(at('', 'null', 'navigate', 'no-referrer'), own, 'none')).toBe(true);
    expect(isCrossSiteShare(at('', 'null', 'navigate', 'same-origin'), own, 'none')).toBe(true);
    expect(isCrossSiteShare(at('', 'null'), own, 'none')).toBe(false);
    expect(isCrossSiteShare(at('', 'null', 'navigate', ''), own, 'none')).toBe(false);
    // One of the app's own pages may hide its referrer.
    expect(isCrossSiteShare(at('', own, 'navigate', 'no-referrer'), own, 'ours')).toBe(false);
  });
});

describe('the share budget in config.json', () => {
  it('takes the unclaimed budget from config.json, within the claimed one, else the defaults', () => {
    expect(shareBudgetFrom({})).toEqual(DEFAULT_SHARE_BUDGET);
    expect(
      shareBudgetFrom({
        unclaimedSharesMaxFiles: 5,
        unclaimedSharesMaxMb: 20,
        unclaimedSharesKeepMinutes: 720,
      }),
    ).toEqual({
      ...DEFAULT_SHARE_BUDGET,
      unclaimedMaxFiles: 5,
      unclaimedMaxBytes: 20 * 1024 * 1024,
      unclaimedKeepMs: 12 * 60 * 60 * 1000,
    });
    expect(shareBudgetFrom({ unclaimedSharesMaxFiles: 500, unclaimedSharesMaxMb: 0 })).toMatchObject({
      unclaimedMaxFiles: DEFAULT_SHARE_BUDGET.maxFiles,
      unclaimedMaxBytes: DEFAULT_SHARE_BUDGET.unclaimedMaxBytes,
    });
    expect(shareBudgetFrom(null)).toEqual(DEFAULT_SHARE_BUDGET);
  });
});
