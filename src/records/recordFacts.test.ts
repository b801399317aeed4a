import { describe, expect, it } from 'vitest';
import { factsDescription, runFacts } from './recordFacts.ts';

describe('factsDescription', () => {
  const run = runFacts({ id: 3, title: 'BRKT-0001 Rev C, SN 0041' });

  it('names the run, serial and step, then the record with its title', () => {
    expect(
      factsDescription(
        { kind: 'runStep', id: 10 },
        { ...run, title: 'Machine the bore', step: { id: 10, position: 2 } },
      ),
    ).toBe('Run 3 · SN 0041 · Step 2 · Run step 10: Machine the bore');
    expect(
      factsDescription(
        { kind: 'runStepField', id: 12 },
        { ...run, title: 'CMM report', step: { id: 10, position: 2 }, field: { id: 12, name: 'CMM report' } },
      ),
    ).toBe('Run 3 · SN 0041 · Step 2 · Run step field 12: CMM report');
    expect(factsDescription({ kind: 'run', id: 3 }, { ...run, title: run.run!.title })).toBe(
      'Run 3: BRKT-0001 Rev C, SN 0041 · SN 0041',
    );
  });

  it('names a record with no run by its kind, id and title; a lot as a lot', () => {
    expect(factsDescription({ kind: 'part', id: 41 }, { title: 'BRKT-0001' })).toBe('Part 41: BRKT-0001');
    expect(factsDescription({ kind: 'procedure', id: 5 })).toBe('Procedure 5');
    expect(
      factsDescription({ kind: 'run', id: 7 }, runFacts({ id: 7, title: 'Receiving: FTG-0210 lot 24-117' })),
    ).toBe('Run 7 · Lot 24-117');
  });
});
