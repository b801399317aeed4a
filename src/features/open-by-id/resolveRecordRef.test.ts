import { describe, expect, it, vi } from 'vitest';
import { resolveRecordRef, type RecordLookups } from './resolveRecordRef.ts';
import type { SerialMatch } from '../runs/index.ts';

const ORIGIN = 'http://127.0.0.1:5173';

const run = (id: number, title: string): SerialMatch => ({
  id,
  title,
  status: 'TODO',
  part: null,
  procedure: null,
});

/** What the API answers for the parts with a number and the runs with a serial; an Error: it cannot be asked. */
function lookups(
  parts: number[] | Error,
  runs: SerialMatch[] | Error = [],
  exists: boolean | Error = true,
): RecordLookups & {
  partIds: ReturnType<typeof vi.fn>;
  runsBySerial: ReturnType<typeof vi.fn>;
  recordExists: ReturnType<typeof vi.fn>;
} {
  const answer = <T>(value: T | Error) =>
    vi.fn(async () => (value instanceof Error ? Promise.reject(value) : value));
  return { partIds: answer(parts), runsBySerial: answer(runs), recordExists: answer(exists) };
}

const resolve = (text: string, found: RecordLookups) => resolveRecordRef(text, 'run', ORIGIN, found);

describe('resolveRecordRef', () => {
  it('opens a record named by the text without asking the API', async () => {
    const find = lookups([1]);
    expect(await resolve('42', find)).toEqual({ to: 'record', kind: 'run', id: 42 });
    expect(await resolve('RUN-42', find)).toEqual({ to: 'record', kind: 'run', id: 42 });
    expect(find.partIds).not.toHaveBeenCalled();
    expect(find.runsBySerial).not.toHaveBeenCalled();
  });

  it('opens the one part with that number', async () => {
    expect(await resolve('BRKT-0001', lookups([17]))).toEqual({ to: 'record', kind: 'part', id: 17 });
  });

  it('shows the parts search when several parts have it', async () => {
    expect(await resolve('BRKT-0001', lookups([17, 18]))).toEqual({ to: 'parts', q: 'BRKT-0001' });
  });

  it('shows the parts search when the API cannot be asked', async () => {
    const offline = lookups(new Error('offline'));
    expect(await resolve('BRKT-0001', offline)).toEqual({ to: 'parts', q: 'BRKT-0001' });
  });

  it('refuses with the reason when no part and no run has it', async () => {
    expect(await resolve('BRKT-0001', lookups([]))).toEqual({
      to: 'refused',
      message: expect.stringContaining('“BRKT” is not a kind of record'),
      partNumber: 'BRKT-0001',
    });
  });

  it('refuses a link to another site without asking the API', async () => {
    const find = lookups([1]);
    expect(await resolve('https://evil.example/runs/1', find)).toMatchObject({ to: 'refused' });
    expect(find.partIds).not.toHaveBeenCalled();
  });
});

describe('resolveRecordRef with serial and lot numbers', () => {
  it('opens the one run a serial label names, however the label writes it', async () => {
    for (const label of ['SN 0041', 'S/N 0041', 'sn:0041', 'SN 0041\r']) {
      const find = lookups([], [run(1, 'BRKT-0001 Rev C, SN 0041')]);
      expect(await resolve(label, find), label).toEqual({ to: 'record', kind: 'run', id: 1 });
      expect(find.runsBySerial).toHaveBeenCalledWith('0041', 'serial');
      expect(find.partIds).not.toHaveBeenCalled();
    }
  });

  it('asks which run when several carry the serial', async () => {
    const runs = [run(11, 'HSG-0104 Rev A, SN 0100'), run(12, 'Receiving: TANK-0010 SN 0100')];
    expect(await resolve('SN 0100', lookups([], runs))).toEqual({
      to: 'choose',
      serial: 'SN 0100',
      runs,
    });
  });

  it('says so when no run carries it, and when runs cannot be searched', async () => {
    expect(await resolve('LOT 99-999', lookups([]))).toEqual({
      to: 'refused',
      message: 'No run has lot 99-999.',
    });
    const offline = lookups([], new Error('offline'));
    expect(await resolve('SN 0041', offline)).toEqual({
      to: 'refused',
      message: 'Runs could not be searched for SN 0041. Something went wrong. Try again.',
    });
  });

  it('opens the one run a bare serial names when no part has that number', async () => {
    const find = lookups([], [run(7, 'Receiving: VLV-0420 SN 1187-1190')]);
    expect(await resolve('1187-1190', find)).toEqual({ to: 'record', kind: 'run', id: 7 });
    expect(find.partIds).toHaveBeenCalledWith('1187-1190');
    expect(find.runsBySerial).toHaveBeenCalledWith('1187-1190', null);
  });

  it('prefers a part with that number to a run with that serial', async () => {
    const find = lookups([3], [run(7, 'x SN HRN-3001')]);
    expect(await resolve('HRN-3001', find)).toEqual({ to: 'record', kind: 'part', id: 3 });
    expect(find.runsBySerial).not.toHaveBeenCalled();
  });

  it('keeps a bare number without leading zeros following the page, never a serial', async () => {
    const find = lookups([], [run(1, 'SN 41')]);
    expect(await resolveRecordRef('41', 'step', ORIGIN, find)).toEqual({
      to: 'record',
      kind: 'step',
      id: 41,
    });
    expect(find.runsBySerial).not.toHaveBeenCalled();
  });
});

describe('resolveRecordRef with leading zeros (ids never start with 0)', () => {
  it('opens the run with that serial, even where ids were asked for', async () => {
    for (const text of ['0041', '#0041', ' 0041\r']) {
      const find = lookups([], [run(1, 'BRKT-0001 Rev C, SN 0041')]);
      expect(await resolveRecordRef(text, 'part', ORIGIN, find, true), text).toEqual({
        to: 'record',
        kind: 'run',
        id: 1,
      });
      expect(find.runsBySerial).toHaveBeenCalledWith('0041', null);
      expect(find.recordExists).not.toHaveBeenCalled();
    }
  });

  it('asks which run when several carry it', async () => {
    const runs = [run(11, 'HSG-0104 Rev A, SN 0100'), run(12, 'Receiving: TANK-0010 SN 0100')];
    expect(await resolveRecordRef('0100', 'part', ORIGIN, lookups([], runs))).toEqual({
      to: 'choose',
      serial: '0100',
      runs,
    });
  });

  it('opens the record with that id only when no run carries it, ids were asked for and it exists', async () => {
    const asked = lookups([], []);
    expect(await resolveRecordRef('000003', 'runStep', ORIGIN, asked, true)).toEqual({
      to: 'record',
      kind: 'runStep',
      id: 3,
    });
    expect(asked.recordExists).toHaveBeenCalledWith('runStep', 3);

    const notAsked = lookups([], []);
    expect(await resolveRecordRef('0041', 'part', ORIGIN, notAsked)).toEqual({
      to: 'refused',
      message: 'No run has serial or lot 0041.',
    });
    expect(notAsked.recordExists).not.toHaveBeenCalled();

    expect(await resolveRecordRef('0041', 'part', ORIGIN, lookups([], [], false), true)).toEqual({
      to: 'refused',
      message: 'No run has serial or lot 0041. There is no Part 41 either.',
    });
  });

  it('offline, opens the record asked for (its kept copy) and says why otherwise', async () => {
    const offline = new Error('offline');
    expect(await resolveRecordRef('0041', 'run', ORIGIN, lookups([], offline, offline), true)).toEqual({
      to: 'record',
      kind: 'run',
      id: 41,
    });
    expect(await resolveRecordRef('0041', 'run', ORIGIN, lookups([], offline, offline))).toEqual({
      to: 'refused',
      message: 'Runs could not be searched for 0041. Something went wrong. Try again.',
    });
  });

  it('leaves zero itself to the id rules', async () => {
    expect(await resolveRecordRef('000', 'run', ORIGIN, lookups([]), true)).toEqual({
      to: 'refused',
      message: 'Record ids start at 1.',
    });
  });
});
