import { describe, expect, it } from 'vitest';
import { isAttached, missesEvidence, slotOrder, summarise, summaryText } from './evidenceState.ts';

const file = (name: string, required: boolean, attached = 0, fileAttachmentId: number | null = null) => ({
  name,
  type: 'FILE_ATTACHMENT',
  required,
  attachedCount: attached,
  fileAttachmentId,
});

describe('evidence of a run step', () => {
  it('puts required file fields first, keeps the step’s order otherwise, and leaves other fields out', () => {
    const fields = [
      file('Close-up', false),
      { name: 'Bore', type: 'NUMBER', required: true },
      file('CMM report', true),
      file('Photo', true),
    ];
    expect(slotOrder(fields).map((f) => f.name)).toEqual(['CMM report', 'Photo', 'Close-up']);
  });

  it('counts a field as attached by its fileAttachmentId or by files on its entity', () => {
    expect(isAttached(file('a', true))).toBe(false);
    expect(isAttached(file('a', true, 1))).toBe(true);
    expect(isAttached(file('a', true, 0, 7))).toBe(true);
  });

  it('says how many required files are attached', () => {
    const summary = summarise([file('a', true, 1), file('b', true, 2), file('c', true), file('d', false, 1)]);
    expect(summary).toEqual({ slots: 4, required: 3, requiredAttached: 2, attached: 3 });
    expect(summaryText(summary)).toBe('2 of 3 required files attached');
    expect(missesEvidence(summary)).toBe(true);
    expect(summaryText(summarise([file('a', true, 1)]))).toBe('1 of 1 required file attached');
    expect(missesEvidence(summarise([file('a', true, 1)]))).toBe(false);
    expect(summaryText(summarise([file('a', false), file('b', false, 1)]))).toBe(
      '1 of 2 optional files attached',
    );
    expect(summaryText(summarise([{ type: 'STRING', required: true }]))).toBe('No files asked for');
  });
});
