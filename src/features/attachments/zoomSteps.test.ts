import { describe, expect, it } from 'vitest';
import { zoomSteps } from './zoomSteps.ts';

describe('zoom steps', () => {
  it('steps to the next level down and up, and stays at either end', () => {
    expect(zoomSteps(1)).toEqual({ smaller: 0.75, larger: 1.5 });
    expect(zoomSteps(1.2)).toEqual({ smaller: 1, larger: 1.5 });
    expect(zoomSteps(0.5)).toEqual({ smaller: 0.5, larger: 0.75 });
    expect(zoomSteps(4)).toEqual({ smaller: 3, larger: 4 });
  });
});
