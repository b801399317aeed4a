import { expect, vi } from 'vitest';
import type { PersonId } from '../lib/person.ts';
import type { RecordRef } from '../records/recordKinds.ts';
import { memoryPinnedStorage } from '../pins/memoryPinnedStorage.ts';
import { PinnedRecords } from '../pins/pinnedRecords.ts';
import {
  type FetchedRecord,
  type KeepableAttachment,
  type PinFetcher,
  UnkeepableFile,
} from '../pins/pinnedPorts.ts';

/** Pins over memory storage and a fake network, for the store's and the components' tests. */

export const TAYLOR: PersonId = { subject: 'taylor', organization: 'example' };
export const VIC: PersonId = { subject: 'vic', organization: 'example' };

export const run1 = { kind: 'run', id: 1, title: 'BRKT-0001 Rev C, SN 0041' } as const;
export const part7 = { kind: 'part', id: 7, title: 'BRKT-0007 rev A' } as const;

const image = (id: number): KeepableAttachment => ({ id, form: 'image', url: `https://s3.test/${id}?sig` });
const pdf = (id: number): KeepableAttachment => ({
  id,
  form: 'pdf-first-page',
  url: `https://s3.test/${id}?sig`,
});

/** A run with two steps, each with a field; attachments on the run, a step and a field; and a part. */
export const RECORDS: Record<string, FetchedRecord> = {
  'run:1': {
    attachments: [image(1)],
    children: [
      { kind: 'runStep', id: 11 },
      { kind: 'runStep', id: 12 },
    ],
  },
  'runStep:11': { attachments: [image(2), pdf(3)], children: [{ kind: 'runStepField', id: 111 }] },
  'runStep:12': { attachments: [], children: [{ kind: 'runStepField', id: 121 }] },
  'runStepField:111': { attachments: [image(4)], children: [] },
  'runStepField:121': { attachments: [], children: [] },
  'part:7': { attachments: [image(70), image(71)], children: [] },
};

export function pinWorld(
  options: { budgetBytes?: number; copyBytes?: (id: number) => number; online?: boolean } = {},
) {
  const storage = memoryPinnedStorage();
  let owner: PersonId | null = TAYLOR;
  let online = options.online ?? true;
  const asked: string[] = [];
  const copied: number[] = [];
  const fetcher: PinFetcher & {
    fail?: unknown;
    copyFail?: unknown;
    hold?: Promise<void>;
    unreadable?: Set<number>;
  } = {
    async fetchRecord(record: RecordRef) {
      asked.push(`${record.kind}:${record.id}`);
      await fetcher.hold;
      if (fetcher.fail) throw fetcher.fail;
      return RECORDS[`${record.kind}:${record.id}`]!;
    },
    async keepCopy(attachment) {
      if (fetcher.unreadable?.has(attachment.id)) throw new UnkeepableFile('cannot decode');
      if (fetcher.copyFail) throw fetcher.copyFail;
      copied.push(attachment.id);
      return new Blob([new Uint8Array(options.copyBytes?.(attachment.id) ?? 100)], { type: 'image/jpeg' });
    },
    recordsFetched: vi.fn(async () => undefined),
  };
  const persistence = { persist: vi.fn(async () => false), persisted: vi.fn(async () => false) };
  let clock = 1_000;
  const make = () =>
    new PinnedRecords({
      storage,
      fetcher,
      owner: () => owner,
      budgetBytes: options.budgetBytes ?? 10_000,
      persistence,
      isOnline: () => online,
      now: () => (clock += 10),
    });
  return {
    storage,
    fetcher,
    asked,
    copied,
    persistence,
    make,
    signIn: (person: PersonId | null) => (owner = person),
    setOnline: (value: boolean) => (online = value),
    /** The device keeps nothing: no pins' state, no copies of files; and, given `pins`, the page shows no pin. */
    expectNothingKept(pins?: PinnedRecords) {
      if (pins) expect(pins.getSnapshot().pins).toEqual([]);
      expect(storage.state).toBeUndefined();
      expect(storage.blobs.size).toBe(0);
    },
  };
}

/** Waits until the record's pin is fetched ahead in full, and returns its view. */
export async function pinnedFor(pins: PinnedRecords, record: RecordRef) {
  await vi.waitFor(() => {
    if (pins.pinOf(record)?.status.state !== 'pinned') throw new Error('not pinned yet');
  });
  return pins.pinOf(record)!;
}
