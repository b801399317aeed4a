import { describe, expect, it } from 'vitest';
import { bareNumberKind, pageKind } from './bareNumberKind.ts';

describe('bareNumberKind', () => {
  it('reads a number scanned on a record page as a record of that kind', () => {
    expect(bareNumberKind('/runs/1', 'part')).toBe('run');
    expect(bareNumberKind('/run-steps/4', 'part')).toBe('runStep');
    expect(bareNumberKind('/run-step-fields/9', 'run')).toBe('runStepField');
    expect(bareNumberKind('/steps/2', 'part')).toBe('step');
  });

  it('reads it as a part on the parts list', () => {
    expect(bareNumberKind('/parts', 'run')).toBe('part');
  });

  it('falls back to the Kind chosen on this device elsewhere', () => {
    expect(bareNumberKind('/', 'runStep')).toBe('runStep');
    expect(bareNumberKind('/share', 'procedure')).toBe('procedure');
  });
});

describe('pageKind', () => {
  it('names the kind of a record page or list, and nothing elsewhere', () => {
    expect(pageKind('/runs/1')).toBe('run');
    expect(pageKind('/parts')).toBe('part');
    expect(pageKind('/')).toBeNull();
    expect(pageKind('/share')).toBeNull();
  });
});
