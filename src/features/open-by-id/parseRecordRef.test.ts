import { describe, expect, it } from 'vitest';
import { parseRecordRef } from './parseRecordRef.ts';
import type { RecordKind } from '../../records/recordKinds.ts';

const ORIGIN = 'http://127.0.0.1:5173';
const parse = (text: string, chosen: RecordKind = 'part') => parseRecordRef(text, chosen, ORIGIN);
const ok = (kind: RecordKind, id: number) => ({ ok: true, kind, id });
const message = (text: string, chosen: RecordKind = 'part') => {
  const result = parse(text, chosen);
  if (result.ok) throw new Error(`expected "${text}" to be refused, got ${result.kind} ${result.id}`);
  return result.message;
};

describe('parseRecordRef: a bare number takes the chosen kind', () => {
  it.each<[string, RecordKind, number]>([
    ['42', 'part', 42],
    ['42', 'run', 42],
    ['7', 'procedure', 7],
    ['3', 'step', 3],
    ['9', 'runStep', 9],
    ['11', 'runStepField', 11],
    ['#42', 'run', 42],
    ['  42  ', 'part', 42],
    ['0042', 'run', 42],
    ['2147483647', 'part', 2147483647],
  ])('%j as %s → %i', (text, kind, id) => {
    expect(parse(text, kind)).toEqual(ok(kind, id));
  });
});

describe('parseRecordRef: scanner input', () => {
  it.each<[string, number]>([
    ['42\n', 42],
    ['42\r\n', 42],
    ['42\r', 42],
    ['\t42\t', 42],
    ['\u001d42\u0004', 42],
    ['\u000242\u0003', 42],
    ['４２', 42],
    ['\u200b42\ufeff', 42],
  ])('%j → 42 with control and invisible characters dropped', (text, id) => {
    expect(parse(text, 'run')).toEqual(ok('run', id));
  });

  it('reads a prefixed label with a trailing Enter', () => {
    expect(parse('RUN-42\r\n', 'part')).toEqual(ok('run', 42));
  });
});

describe('parseRecordRef: a prefix names its own kind, whatever is chosen', () => {
  it.each<[string, RecordKind, number]>([
    ['run 42', 'run', 42],
    ['RUN-42', 'run', 42],
    ['Run42', 'run', 42],
    ['run:42', 'run', 42],
    ['run #42', 'run', 42],
    ['runs/42', 'run', 42],
    ['part 5', 'part', 5],
    ['PART-5', 'part', 5],
    ['pt 5', 'part', 5],
    ['procedure 3', 'procedure', 3],
    ['PROC-3', 'procedure', 3],
    ['step:3', 'step', 3],
    ['Step 3', 'step', 3],
    ['procedure step 3', 'step', 3],
    ['run step 7', 'runStep', 7],
    ['run-step-7', 'runStep', 7],
    ['RUN_STEP_7', 'runStep', 7],
    ['runStep 7', 'runStep', 7],
    ['rs-7', 'runStep', 7],
    ['RS7', 'runStep', 7],
    ['run step field 12', 'runStepField', 12],
    ['runStepField:12', 'runStepField', 12],
    ['RSF-12', 'runStepField', 12],
    ['field 12', 'runStepField', 12],
    ['run-step-fields 12', 'runStepField', 12],
    ['  run   step   7  ', 'runStep', 7],
    ['run - 42', 'run', 42],
  ])('%j → %s %i', (text, kind, id) => {
    expect(parse(text, 'part')).toEqual(ok(kind, id));
  });
});

describe('parseRecordRef: URLs of this app', () => {
  it.each<[string, RecordKind, number]>([
    [`${ORIGIN}/runs/42`, 'run', 42],
    [`${ORIGIN}/parts/1`, 'part', 1],
    [`${ORIGIN}/procedures/3`, 'procedure', 3],
    [`${ORIGIN}/steps/4`, 'step', 4],
    [`${ORIGIN}/run-steps/5`, 'runStep', 5],
    [`${ORIGIN}/run-step-fields/6`, 'runStepField', 6],
    [`${ORIGIN}/runs/42/`, 'run', 42],
    [`${ORIGIN}/runs/42?tab=files#top`, 'run', 42],
    [`${ORIGIN.toUpperCase()}/runs/42`, 'run', 42],
    ['/run-steps/5', 'runStep', 5],
    [`${ORIGIN}/runs/42\n`, 'run', 42],
  ])('%j → %s %i', (text, kind, id) => {
    expect(parse(text, 'part')).toEqual(ok(kind, id));
  });

  it('refuses a link to another site, naming it', () => {
    expect(message('https://evil.example/runs/42')).toMatch(/evil\.example.*not this app/);
  });

  it('refuses a link of this app that is not a record', () => {
    expect(message(`${ORIGIN}/parts`)).toMatch(/does not point to a record/);
    expect(message(`${ORIGIN}/widgets/4`)).toMatch(/does not point to a record/);
    expect(message(`${ORIGIN}/runs/42/steps`)).toMatch(/does not point to a record/);
  });

  it('refuses a record link whose id is not a number', () => {
    expect(message(`${ORIGIN}/runs/abc`)).toMatch(/positive whole number/);
  });

  it('refuses schemes other than http(s)', () => {
    expect(message('javascript://alert(1)')).toMatch(/Only links to this app/);
    expect(message('file:///runs/42')).toMatch(/Only links to this app/);
  });
});

describe('parseRecordRef: what is refused, with a message', () => {
  it.each(['', '   ', '\n', '\r\n', '\t', '\u200b'])('%j asks for an id', (text) => {
    expect(message(text)).toMatch(/Type or scan a record id/);
  });

  it.each(['abc', 'hello world', '42abc', '4 2', '!!!', '<script>', 'run', 'run step', '42 run'])(
    '%j is not a record id',
    (text) => {
      expect(message(text)).toMatch(/is not a record id/);
    },
  );

  it.each(['-5', '+5', '4.2', '4,2', 'run 4.2', 'run -4.5'])('%j is not a positive whole number', (text) => {
    expect(message(text)).toMatch(/positive whole number/);
  });

  it.each(['0', '000', 'run 0'])('%j: ids start at 1', (text) => {
    expect(message(text)).toMatch(/start at 1/);
  });

  it.each(['2147483648', '99999999999999999999', 'run 00000000000000000000002147483648'])(
    '%j is too large',
    (text) => {
      expect(message(text)).toMatch(/too large/);
    },
  );

  it('accepts leading zeros that still fit', () => {
    expect(parse('run 00000000000000000000042')).toEqual(ok('run', 42));
  });

  it('names an unknown kind and lists the known ones', () => {
    const text = message('widget 42');
    expect(text).toContain('“widget” is not a kind of record');
    expect(text).toContain('part, run, procedure, step, run step or run step field');
  });

  it('treats a part number as an unknown kind, not as an id, and offers it as a part number', () => {
    expect(parse('BRKT-001\r\n')).toEqual({
      ok: false,
      message: expect.stringContaining('“BRKT” is not a kind of record'),
      partNumber: 'BRKT-001',
    });
    expect(parse('12345-01')).toMatchObject({ ok: false, partNumber: '12345-01' });
  });

  it('offers no part number for a link or a number out of range', () => {
    expect(parse('https://evil.example/runs/42')).not.toHaveProperty('partNumber');
    expect(parse('0')).not.toHaveProperty('partNumber');
  });

  it('shortens very long input in the message', () => {
    const text = message('x'.repeat(500));
    expect(text.length).toBeLessThan(140);
    expect(text).toContain('…');
  });
});
