import { describe, expect, it } from 'vitest';
import { gql } from '@apollo/client';
import { createCache } from './cache.ts';
import { KeptRecords, LISTS_NOTED, listKey, memoryKeptRecordsStore } from './keptRecords.ts';

const TAYLOR = { subject: '1', organization: 'example' };
const VIC = { subject: '2', organization: 'example' };
const RunQuery = gql`
  query Run($id: ID!) {
    run(id: $id) {
      id
      title
    }
  }
`;
const run = { __typename: 'Run', id: 1, title: 'Bracket run' };

function world(owner: { current: typeof TAYLOR | null }) {
  const store = memoryKeptRecordsStore();
  let time = 1_000;
  const make = () => {
    const cache = createCache();
    const kept = new KeptRecords({
      store,
      cache,
      owner: () => owner.current,
      now: () => time,
      saveDelayMs: 0,
    });
    return { cache, kept };
  };
  return { store, make, advance: (ms: number) => (time += ms) };
}

/** Taylor signed in, with Run 1 opened in a first page and written to the device. */
/** Taylor signed in, a page saw run 1 in a response and kept it on the device; `opened`: in its cache too. */
async function taylorKeptRun1({ opened }: { opened: boolean }) {
  const owner = { current: TAYLOR as typeof TAYLOR | null };
  const w = world(owner);
  const page = w.make();
  if (opened) page.cache.writeQuery({ query: RunQuery, variables: { id: '1' }, data: { run } });
  page.kept.noteResponse({ run });
  await page.kept.flush();
  return { owner, w, page };
}

/** `page` restores nothing: its cache stays empty, no record has a date, and the device's copy is deleted. */
async function expectRestoresNothingAndDeletes(
  w: ReturnType<typeof world>,
  page: ReturnType<ReturnType<typeof world>['make']>,
) {
  expect(await page.kept.restore()).toBe(false);
  expect(page.cache.extract()).toEqual({});
  expect(page.kept.fetchedAt('Run', 1)).toBeUndefined();
  expect(w.store.snapshot).toBeUndefined();
}

describe('KeptRecords', () => {
  it('a response that arrives before the restore stays, and the kept records join it', async () => {
    const { w } = await taylorKeptRun1({ opened: true });
    const reloaded = w.make();
    const part = { __typename: 'Part', id: 1, partNumber: 'BRKT-0001' };
    const PartQuery = gql`
      query Part($id: ID!) {
        part(id: $id) {
          id
          partNumber
        }
      }
    `;
    reloaded.cache.writeQuery({ query: PartQuery, variables: { id: '1' }, data: { part } });
    reloaded.kept.noteResponse({ part });

    expect(await reloaded.kept.restore()).toBe(true);
    expect(reloaded.cache.readQuery({ query: PartQuery, variables: { id: '1' } })).toEqual({ part });
    expect(reloaded.cache.readQuery({ query: RunQuery, variables: { id: '1' } })).toEqual({ run });
    await reloaded.kept.flush();
    expect(Object.keys(w.store.snapshot!.fetchedAt).sort()).toEqual(['Part:1', 'Run:1']);
  });

  it('a restored record is only a kept copy until the server answers for it in this page', async () => {
    const { w, page: first } = await taylorKeptRun1({ opened: true });
    expect(first.kept.isKeptCopyOnly('Run', 1)).toBe(false);

    const reloaded = w.make();
    await reloaded.kept.restore();
    expect(reloaded.kept.isKeptCopyOnly('Run', 1)).toBe(true);
    expect(reloaded.kept.isKeptCopyOnly('Run', 2)).toBe(false);
    reloaded.kept.noteResponse({ run });
    expect(reloaded.kept.isKeptCopyOnly('Run', 1)).toBe(false);
  });

  it('a record the person opened comes back into a new page’s cache, with when it arrived', async () => {
    const { w } = await taylorKeptRun1({ opened: true });
    expect(w.store.snapshot?.owner).toEqual(TAYLOR);

    const reloaded = w.make();
    expect(await reloaded.kept.restore()).toBe(true);
    expect(reloaded.cache.readQuery({ query: RunQuery, variables: { id: '1' } })).toEqual({ run });
    expect(reloaded.kept.fetchedAt('Run', 1)).toBe(1_000);
  });

  it('another person signing in never sees them: deleted unread, on the device too', async () => {
    const { owner, w } = await taylorKeptRun1({ opened: true });

    owner.current = VIC;
    await expectRestoresNothingAndDeletes(w, w.make());
  });

  it('nobody signed in yet: left for its owner, unread', async () => {
    const { owner, w } = await taylorKeptRun1({ opened: false });
    owner.current = null;
    const page = w.make();
    expect(await page.kept.restore()).toBe(false);
    expect(w.store.snapshot?.owner).toEqual(TAYLOR);
    owner.current = TAYLOR;
    await page.kept.personChanged();
    expect(page.kept.fetchedAt('Run', 1)).toBe(1_000);
  });

  it('clear (sign-out) removes them from the device, and nothing is written for nobody', async () => {
    const { owner, w, page } = await taylorKeptRun1({ opened: false });
    await page.kept.clear();
    owner.current = null;
    page.kept.noteResponse({ run });
    await page.kept.flush();
    expect(w.store.snapshot).toBeUndefined();
  });

  it('the person changing in the page clears what was kept for the last one', async () => {
    const { owner, w, page } = await taylorKeptRun1({ opened: false });
    owner.current = VIC;
    await page.kept.personChanged();
    expect(w.store.snapshot).toBeUndefined();
    expect(page.kept.fetchedAt('Run', 1)).toBeUndefined();
  });

  it('a store that cannot be read leaves the app to start online', async () => {
    const cache = createCache();
    const kept = new KeptRecords({
      store: {
        read: () => Promise.reject(new DOMException('blocked', 'UnknownError')),
        write: async () => undefined,
        clear: async () => undefined,
      },
      cache,
      owner: () => TAYLOR,
    });
    expect(await kept.restore()).toBe(false);
  });

  describe('nothing kept is lost across page loads, whatever order things come in (issue 35)', () => {
    const step = { __typename: 'RunStep', id: 10, title: 'Torque' };
    const StepQuery = gql`
      query Step($id: ID!) {
        runStep(id: $id) {
          id
          title
        }
      }
    `;
    /** A new page load whose own response (run step 10) is noted and written. */
    async function openStepIn(page: ReturnType<ReturnType<typeof world>['make']>) {
      page.cache.writeQuery({ query: StepQuery, variables: { id: '10' }, data: { runStep: step } });
      page.kept.noteResponse({ runStep: step });
      await page.kept.flush();
    }

    it('the session known only after the restore: the next write takes the kept records in', async () => {
      const { owner, w } = await taylorKeptRun1({ opened: true });
      owner.current = null;
      const second = w.make();
      expect(await second.kept.restore()).toBe(false);
      owner.current = TAYLOR;
      await openStepIn(second);
      expect(Object.keys(w.store.snapshot!.fetchedAt).sort()).toEqual(['Run:1', 'RunStep:10']);
      expect(second.cache.readQuery({ query: RunQuery, variables: { id: '1' } })).toEqual({ run });
      expect(second.cache.readQuery({ query: StepQuery, variables: { id: '10' } })).toEqual({
        runStep: step,
      });
    });

    it('no restore at all (it failed, or came late): the first write still keeps the earlier records', async () => {
      const { w } = await taylorKeptRun1({ opened: true });
      const second = w.make();
      await openStepIn(second);
      const third = w.make();
      expect(await third.kept.restore()).toBe(true);
      expect(third.cache.readQuery({ query: RunQuery, variables: { id: '1' } })).toEqual({ run });
      expect(third.cache.readQuery({ query: StepQuery, variables: { id: '10' } })).toEqual({ runStep: step });
      // The restore landing after the write joins the same records, and loses nothing either.
      expect(await second.kept.restore()).toBe(true);
      expect(Object.keys(w.store.snapshot!.fetchedAt).sort()).toEqual(['Run:1', 'RunStep:10']);
    });

    it("another person's kept records are still never taken in by a write", async () => {
      const { owner, w } = await taylorKeptRun1({ opened: true });
      owner.current = VIC;
      const second = w.make();
      await openStepIn(second);
      expect(w.store.snapshot!.owner).toEqual(VIC);
      expect(Object.keys(w.store.snapshot!.fetchedAt)).toEqual(['RunStep:10']);
      expect(second.cache.readQuery({ query: RunQuery, variables: { id: '1' } })).toBeNull();
    });
  });

  describe('when each list was answered (issue 35: a kept list says how old it is)', () => {
    const runs = { runs: { __typename: 'RunsConnection', edges: [] } };

    it('is noted per query and variables, whatever the order of their keys, and kept across page loads', async () => {
      const owner = { current: TAYLOR as typeof TAYLOR | null };
      const w = world(owner);
      const page = w.make();
      page.kept.noteResponse(runs, {
        operationName: 'RunsList',
        variables: { first: 25, filters: { q: 'SN' } },
      });
      await page.kept.flush();
      w.advance(5_000);
      const reloaded = w.make();
      await reloaded.kept.restore();
      expect(reloaded.kept.listFetchedAt(listKey('RunsList', { filters: { q: 'SN' }, first: 25 }))).toBe(
        1_000,
      );
      expect(reloaded.kept.listFetchedAt(listKey('RunsList', { first: 25 }))).toBeUndefined();
      // The records' own times are the records' alone.
      expect(Object.keys(w.store.snapshot!.fetchedAt)).toEqual([]);
    });

    it('keeps only the newest LISTS_NOTED, and forgets them all at sign-out', async () => {
      const w = world({ current: TAYLOR });
      const page = w.make();
      for (let i = 0; i <= LISTS_NOTED; i += 1) {
        page.kept.noteResponse(runs, { operationName: 'RunsList', variables: { q: String(i) } });
      }
      expect(page.kept.listFetchedAt(listKey('RunsList', { q: '0' }))).toBeUndefined();
      expect(page.kept.listFetchedAt(listKey('RunsList', { q: String(LISTS_NOTED) }))).toBe(1_000);
      await page.kept.clear();
      expect(page.kept.listFetchedAt(listKey('RunsList', { q: String(LISTS_NOTED) }))).toBeUndefined();
    });
  });

  describe('what an older or newer version of the app kept', () => {
    /** Run 1 kept by Taylor before snapshots carried a version or list answer times. */
    const keptBeforeVersions = () => ({
      owner: TAYLOR,
      savedAt: 500,
      fetchedAt: { 'Run:1': 400 },
      cache: { 'Run:1': run, ROOT_QUERY: { __typename: 'Query', 'run({"id":"1"})': { __ref: 'Run:1' } } },
    });

    it('restores a snapshot written before versions, migrated, and writes it back at this version', async () => {
      const owner = { current: TAYLOR as typeof TAYLOR | null };
      const w = world(owner);
      w.store.snapshot = keptBeforeVersions() as unknown as typeof w.store.snapshot;
      const page = w.make();

      expect(await page.kept.restore()).toBe(true);
      expect(page.cache.readQuery({ query: RunQuery, variables: { id: '1' } })).toEqual({ run });
      expect(page.kept.fetchedAt('Run', 1)).toBe(400);
      expect(page.kept.listFetchedAt(listKey('Run', { id: '1' }))).toBeUndefined();
      expect(page.kept.dropped).toBeNull();

      page.kept.noteResponse({ run }, { operationName: 'Run', variables: { id: '1' } });
      await page.kept.flush();
      expect(w.store.snapshot).toMatchObject({ schemaVersion: 1, fetchedAt: { 'Run:1': 1_000 } });
      expect(w.store.snapshot?.listedAt).toEqual({ [listKey('Run', { id: '1' })]: 1_000 });
    });

    it('never reads a later version’s snapshot: it is cleared once someone signs in, who is told', async () => {
      const owner = { current: null as typeof TAYLOR | null };
      const w = world(owner);
      const later = { ...keptBeforeVersions(), listedAt: {}, schemaVersion: 2 };
      w.store.snapshot = later as unknown as typeof w.store.snapshot;

      // Nobody signed in yet: left as it is.
      const first = w.make();
      expect(await first.kept.restore()).toBe(false);
      expect(w.store.snapshot).toEqual(later);
      expect(first.kept.dropped).toBeNull();

      owner.current = TAYLOR;
      const page = w.make();
      await expectRestoresNothingAndDeletes(w, page);
      expect(page.kept.dropped).toBe('newer');

      // Signing out clears what was said with the rest.
      await page.kept.clear();
      expect(page.kept.dropped).toBeNull();
    });

    it('drops a snapshot it cannot read, and says so', async () => {
      const owner = { current: TAYLOR as typeof TAYLOR | null };
      const w = world(owner);
      w.store.snapshot = {
        owner: TAYLOR,
        cache: 'not a cache',
        schemaVersion: 1,
      } as unknown as typeof w.store.snapshot;
      const page = w.make();

      expect(await page.kept.restore()).toBe(false);
      expect(w.store.snapshot).toBeUndefined();
      expect(page.kept.dropped).toBe('unreadable');
    });
  });
});
