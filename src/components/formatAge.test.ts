import { describe, expect, it } from 'vitest';
import { formatAge } from './formatAge.ts';

describe('how old a kept record is, in words', () => {
  const at = new Date('2026-11-27T06:00:00Z');
  it.each([
    [20_000, 'just now'],
    [12 * 60_000, '12 min ago'],
    [(3 * 60 + 5) * 60_000, '3 h 5 min ago'],
  ])('%d ms → %s', (ms, words) => {
    expect(formatAge(ms, at)).toBe(words);
  });

  it('gives the date for a record kept since another day', () => {
    expect(formatAge(30 * 3_600_000, at)).toMatch(/^on /);
  });
});
