// Node's File, not jsdom's: it is what fake-indexeddb's structured clone can copy, as a browser's would.
import { File } from 'node:buffer';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { createStore } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { createShareInbox, SHARE_LIMITS, type SharePerson } from './shareInbox.ts';
import { isCrossSiteShare, receiveShare } from './receiveShare.ts';

const taylor: SharePerson = { subject: '1', organization: 'org', name: 'Taylor Technician' };
const vic: SharePerson = { subject: '2', organization: 'org', name: 'Vic Viewer' };

/** The body is the name: fake-indexeddb's clone keeps a File's bytes but, unlike a browser's, not its name. */
const file = (name: string) => new File([name], name, { type: 'image/jpeg' }) as unknown as globalThis.File;

/** A file that says it is this large without taking the memory (it is refused before it is stored). */
const fileOfSize = (name: string, size: number) => Object.defineProperty(file(name), 'size', { value: size });

const bodies = (files: readonly Blob[]) => Promise.all(files.map((f) => f.text()));

function inboxAt(clock: { now: number }) {
  let ids = 0;
  return createShareInbox({
    store: createStore('floor-share', 'inbox'),
    now: () => clock.now,
    newId: () => `share-${++ids}`,
  });
}

/** What the browser hands the worker for a share-target navigation (mode 'navigate' cannot be built). */
function shareNavigation(files: globalThis.File[], referrer = '', origin: string | null = null): Request {
  // Only the part of FormData the worker reads: jsdom's FormData takes no Node File.
  const form = { getAll: (name: string) => (name === 'files' ? files : []) };
  return {
    url: 'https://app.test/share',
    mode: 'navigate',
    referrer,
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

  it(`refuses a share that would make more than ${SHARE_LIMITS.maxFiles} files or ${SHARE_LIMITS.maxBytes / 1024 / 1024} MB wait`, async () => {
    const inbox = inboxAt({ now: 1000 });
    expect(await inbox.add([file('genuine.jpg')])).toEqual({ id: 'share-1' });
    const flood = Array.from({ length: SHARE_LIMITS.maxFiles }, (_, i) => file(`flood-${i}.jpg`));
    expect(await inbox.add(flood)).toEqual({ refused: 'too-many' });
    expect(await inbox.add([fileOfSize('huge.jpg', SHARE_LIMITS.maxBytes)])).toEqual({ refused: 'too-many' });
    expect((await inbox.list()).map((share) => share.id)).toEqual(['share-1']);
    // Up to the limits is fine.
    expect(await inbox.add(flood.slice(1))).toEqual({ id: 'share-2' });
  });

  it('lets shares nobody attached expire', async () => {
    const clock = { now: 1000 };
    const inbox = inboxAt(clock);
    await inbox.add([file('old.jpg')]);
    clock.now += SHARE_LIMITS.keepMs - 1;
    await inbox.add([file('newer.jpg')]);
    clock.now += 2;
    expect(await bodies((await inbox.list()).flatMap((share) => share.files))).toEqual(['newer.jpg']);
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
    expect(await bodies((await inbox.list()).flatMap((share) => share.files))).toEqual(['genuine.jpg']);
  });

  it('says so when a share would pass the limits', async () => {
    const inbox = inboxAt({ now: 1000 });
    const flood = Array.from({ length: SHARE_LIMITS.maxFiles + 1 }, (_, i) => file(`flood-${i}.jpg`));
    const response = await receiveShare(shareNavigation(flood), 'none', inbox);
    expect(response.headers.get('location')).toBe('https://app.test/share?problem=too-many');
    expect(await inbox.list()).toEqual([]);
  });

  it('tells a share navigation from a cross-site one by what the worker can see', () => {
    const own = 'https://app.test';
    const at = (referrer: string, origin: string | null = null, mode = 'navigate') =>
      ({ referrer, mode, headers: new Headers(origin === null ? {} : { origin }) }) as unknown as Request;
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
  });
});
