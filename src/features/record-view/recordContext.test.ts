import { describe, expect, it } from 'vitest';
import { makeFragmentData } from '../../graphql/generated/fragment-masking.ts';
import type { StepPlaceFragment } from '../../graphql/generated/graphql.ts';
import { documentTitle, runContext, runStepContext, runStepFieldContext } from './recordContext.ts';
import { RunPlaceFields, StepPlaceFields } from './recordPlaceDocuments.ts';

const runFields = {
  id: 1,
  title: 'BRKT-0001 Rev C, SN 0041',
  part: { id: 1, partNumber: 'BRKT-0001', revision: 'C' },
  steps: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }],
};
const run = makeFragmentData(runFields, RunPlaceFields);

function stepPlace(step: Omit<StepPlaceFragment, 'run'> & { run: typeof run | null }) {
  return makeFragmentData(step, StepPlaceFields);
}

describe('record context', () => {
  it('names a run by id and serial, with its part and status', () => {
    expect(runContext(run, 'IN_PROGRESS')).toEqual({
      line: 'Run 1 · SN 0041',
      details: ['Part BRKT-0001 rev C', 'In progress'],
      facts: {
        run: { id: 1, title: 'BRKT-0001 Rev C, SN 0041' },
        serial: { kind: 'serial', value: '0041' },
        title: 'BRKT-0001 Rev C, SN 0041',
      },
    });
    const receiving = makeFragmentData(
      { ...runFields, id: 2, title: 'Receiving: FTG-0210 lot 24-117' },
      RunPlaceFields,
    );
    expect(runContext(receiving, null).line).toBe('Run 2 · Receiving: FTG-0210 lot 24-117');
  });

  it('names a run step by run, serial and position, and says where it is in the run', () => {
    const context = runStepContext(stepPlace({ id: 2, title: 'Machine', position: 2, status: 'TODO', run }));
    expect(context.line).toBe('Run 1 · SN 0041 · Step 2');
    expect(context.details).toEqual([
      'Run 1: BRKT-0001 Rev C, SN 0041',
      'Part BRKT-0001 rev C',
      'Step 2 of 4',
      'Todo',
    ]);
    expect(context.facts).toEqual({
      run: { id: 1, title: 'BRKT-0001 Rev C, SN 0041' },
      serial: { kind: 'serial', value: '0041' },
      title: 'Machine',
      step: { id: 2, position: 2 },
    });
    expect(
      runStepContext(stepPlace({ id: 9, title: 'Orphan', position: null, status: null, run: null })).line,
    ).toBe('Run step 9');
  });

  it('names a field by its step and run', () => {
    const step = stepPlace({ id: 4, title: 'Dimensional inspection', position: 4, status: 'TODO', run });
    const context = runStepFieldContext({ id: 12, name: 'CMM report', step });
    expect(context.line).toBe('Run 1 · SN 0041 · Step 4 · CMM report');
    expect(context.details).toEqual([
      'Step 4: Dimensional inspection',
      'Run 1: BRKT-0001 Rev C, SN 0041',
      'Part BRKT-0001 rev C',
    ]);
    expect(context.facts).toMatchObject({
      step: { id: 4, position: 4 },
      field: { id: 12, name: 'CMM report' },
    });
  });

  it('titles the tab with the record, then its context, then the app', () => {
    expect(documentTitle('Run step 2: Machine', 'Run 1 · SN 0041 · Step 2')).toBe(
      'Run step 2: Machine — Run 1 · SN 0041 · Step 2 — Floor Attach',
    );
    expect(documentTitle('Part 3: BRKT-0001', undefined)).toBe('Part 3: BRKT-0001 — Floor Attach');
  });
});
