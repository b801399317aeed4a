import { describe, expect, it } from 'vitest';
import { keptReason } from './KeptNote.tsx';

describe('keptReason', () => {
  it('names the network first: offline or unreachable, whatever the list is doing', () => {
    expect(keptReason('offline', { failed: false, checking: true })).toBe('offline');
    expect(keptReason('unreachable', { failed: true, checking: false })).toBe('unreachable');
  });

  it('online: a failed refresh, then a question the server has not answered yet', () => {
    expect(keptReason('online', { failed: true, checking: true })).toBe('failed');
    expect(keptReason('online', { failed: false, checking: true })).toBe('checking');
  });

  it('says nothing of what the server has just answered', () => {
    expect(keptReason('online', { failed: false, checking: false })).toBeNull();
  });
});
