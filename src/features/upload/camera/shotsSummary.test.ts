import { describe, expect, it } from 'vitest';
import type { UploadEntry, UploadState } from '../../../upload/types.ts';
import { shotsSummary } from './shotsSummary.ts';

const entry = (state: UploadState) => ({ state, size: 10, sentBytes: 0 }) as UploadEntry;

describe('shotsSummary', () => {
  it('says how far the shots are, never that they still wait to be attached', () => {
    expect(shotsSummary([])).toBe('');
    expect(shotsSummary([entry('attached')])).toBe('1 photo attached');
    expect(shotsSummary([entry('attached'), entry('uploading'), entry('queued')])).toBe(
      '1 photo attached, 2 photos on the way',
    );
    expect(shotsSummary([entry('failed'), entry('cancelled')])).toBe(
      '1 photo failed: see the uploads on the page',
    );
  });
});
