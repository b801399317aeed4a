import { describe, expect, it } from 'vitest';
import { runFacts } from '../../../records/recordFacts.ts';
import { CaptureNamer, captureName, captureSubject, type CaptureOf } from './captureName.ts';

const at = new Date(2026, 10, 29, 10, 42, 7);
const run = runFacts({ id: 3, title: 'BRKT-0001 Rev C, SN 0041' });
const onStep: CaptureOf['target'] = {
  record: { kind: 'runStep', id: 10 },
  facts: { ...run, title: 'Machine the bore', step: { id: 10, position: 2 } },
};

describe('captureName', () => {
  it('names a clip on a run step by serial, step position, kind and local minute', () => {
    expect(captureName({ target: onStep, kind: 'clip', extension: 'mp4', at }, 1)).toBe(
      'SN0041-step2-clip-2026-11-29-104207-1.mp4',
    );
  });

  it('names each kind of record where it has no step: by serial where its run has one, else kind and id', () => {
    const named = (target: CaptureOf['target']) => captureSubject(target);
    expect(named({ record: { kind: 'part', id: 41 }, facts: { title: 'BRKT-0001' } })).toBe('part-41');
    expect(named({ record: { kind: 'run', id: 3 }, facts: run })).toBe('SN0041-run-3');
    expect(named({ record: { kind: 'run', id: 4 }, facts: runFacts({ id: 4, title: 'Rework' }) })).toBe(
      'run-4',
    );
    expect(named({ record: { kind: 'procedure', id: 5 } })).toBe('procedure-5');
    expect(named({ record: { kind: 'step', id: 6 } })).toBe('procstep-6');
    expect(named({ record: { kind: 'runStep', id: 10 } })).toBe('runstep-10');
    expect(
      named({ record: { kind: 'runStep', id: 11 }, facts: { ...run, step: { id: 11, position: null } } }),
    ).toBe('SN0041-runstep-11');
    expect(
      named({
        record: { kind: 'runStepField', id: 12 },
        facts: { ...onStep.facts, field: { id: 12, name: 'CMM report' } },
      }),
    ).toBe('SN0041-step2-field-12');
    expect(named({ record: { kind: 'runStepField', id: 13 } })).toBe('field-13');
    const lot = runFacts({ id: 7, title: 'Receiving: FTG-0210 lot 24-117' });
    expect(named({ record: { kind: 'run', id: 7 }, facts: lot })).toBe('LOT24-117-run-7');
  });

  it('writes letters, digits and dashes only, whatever the serial and extension hold', () => {
    const odd = runFacts({ id: 8, title: 'Unit SN A/7.2 β' });
    const name = captureName(
      { target: { record: { kind: 'run', id: 8 }, facts: odd }, kind: 'voice', extension: '.WeBA', at },
      2,
    );
    expect(name).toBe('SNA-7-2-run-8-voice-2026-11-29-104207-2.weba');
    expect(name).toMatch(/^[A-Za-z0-9-]+\.[a-z0-9]+$/);
    const foreign = { ...run, serial: { kind: 'serial' as const, value: '序列' } };
    expect(captureSubject({ record: { kind: 'run', id: 3 }, facts: foreign })).toBe('run-3');
  });

  it('tells apart captures a page count cannot: after a reload, or on another tablet, in the same minute', () => {
    const beforeReload = new CaptureNamer().next({ target: onStep, kind: 'photo', extension: 'jpg', at });
    const afterReload = new CaptureNamer().next({
      target: onStep,
      kind: 'photo',
      extension: 'jpg',
      at: new Date(2026, 10, 29, 10, 42, 19),
    });
    expect(beforeReload).toBe('SN0041-step2-photo-2026-11-29-104207-1.jpg');
    expect(afterReload).toBe('SN0041-step2-photo-2026-11-29-104219-1.jpg');
  });

  it('never repeats a name within a burst, and counts each record and kind apart', () => {
    const namer = new CaptureNamer();
    const burst = Array.from({ length: 5 }, () =>
      namer.next({ target: onStep, kind: 'photo', extension: 'jpg', at }),
    );
    expect(new Set(burst).size).toBe(5);
    expect(burst[0]).toBe('SN0041-step2-photo-2026-11-29-104207-1.jpg');
    expect(burst[4]).toBe('SN0041-step2-photo-2026-11-29-104207-5.jpg');
    // The next second goes on counting: a burst across it stays in order and unique.
    const later = new Date(2026, 10, 29, 10, 43, 1);
    expect(namer.next({ target: onStep, kind: 'photo', extension: 'jpg', at: later })).toBe(
      'SN0041-step2-photo-2026-11-29-104301-6.jpg',
    );
    expect(namer.next({ target: onStep, kind: 'clip', extension: 'webm', at })).toBe(
      'SN0041-step2-clip-2026-11-29-104207-1.webm',
    );
    expect(
      namer.next({ target: { record: { kind: 'part', id: 41 } }, kind: 'photo', extension: 'jpg', at }),
    ).toBe('part-41-photo-2026-11-29-104207-1.jpg');
  });
});
