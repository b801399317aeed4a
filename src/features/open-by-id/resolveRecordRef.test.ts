import { describe, expect, it, vi } from 'vitest';
import { resolveRecordRef } from './resolveRecordRef.ts';

const ORIGIN = 'http://127.0.0.1:5173';
const resolve = (text: string, found: () => Promise<number[]>) =>
  resolveRecordRef(text, 'run', ORIGIN, vi.fn(found));

describe('resolveRecordRef', () => {
  it('opens a record named by the text without asking for parts', async () => {
    const find = vi.fn(async () => [1]);
    expect(await resolveRecordRef('42', 'run', ORIGIN, find)).toEqual({ to: 'record', kind: 'run', id: 42 });
    expect(find).not.toHaveBeenCalled();
  });

  it('opens the one part with that number', async () => {
    expect(await resolve('BRKT-0001', async () => [17])).toEqual({ to: 'record', kind: 'part', id: 17 });
  });

  it('shows the parts search when several parts have it', async () => {
    expect(await resolve('BRKT-0001', async () => [17, 18])).toEqual({ to: 'parts', q: 'BRKT-0001' });
  });

  it('shows the parts search when the API cannot be asked', async () => {
    expect(
      await resolve('BRKT-0001', async () => {
        throw new Error('offline');
      }),
    ).toEqual({ to: 'parts', q: 'BRKT-0001' });
  });

  it('refuses with the reason when no part has it', async () => {
    expect(await resolve('BRKT-0001', async () => [])).toEqual({
      to: 'refused',
      message: expect.stringContaining('“BRKT” is not a kind of record'),
      partNumber: 'BRKT-0001',
    });
  });

  it('refuses a link to another site without asking for parts', async () => {
    const find = vi.fn(async () => [1]);
    const result = await resolveRecordRef('https://evil.example/runs/1', 'run', ORIGIN, find);
    expect(result).toMatchObject({ to: 'refused' });
    expect(find).not.toHaveBeenCalled();
  });
});
