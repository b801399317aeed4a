import { describe, expect, it } from 'vitest';
import { recordFromPath } from './recordFromPath.ts';

describe('recordFromPath', () => {
  it('reads each record route', () => {
    expect(recordFromPath('/parts/1')).toEqual({ kind: 'part', id: 1 });
    expect(recordFromPath('/runs/42')).toEqual({ kind: 'run', id: 42 });
    expect(recordFromPath('/procedures/3/')).toEqual({ kind: 'procedure', id: 3 });
    expect(recordFromPath('/steps/9')).toEqual({ kind: 'step', id: 9 });
    expect(recordFromPath('/run-steps/7')).toEqual({ kind: 'runStep', id: 7 });
    expect(recordFromPath('/run-step-fields/12')).toEqual({ kind: 'runStepField', id: 12 });
  });

  it('is null elsewhere', () => {
    expect(recordFromPath('/')).toBeNull();
    expect(recordFromPath('/parts')).toBeNull();
    expect(recordFromPath('/parts/0')).toBeNull();
    expect(recordFromPath('/widgets/1')).toBeNull();
    expect(recordFromPath('/parts/1/edit')).toBeNull();
  });
});
