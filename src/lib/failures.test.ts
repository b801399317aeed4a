import { describe, expect, it } from 'vitest';
import { FAILURE_WORDS, isAbort, isTransientStatus } from './failures';

describe('the failure vocabulary', () => {
  it('calls 408, 429 and 5xx transient and nothing else', () => {
    expect([408, 429, 500, 502, 503, 599].every(isTransientStatus)).toBe(true);
    expect([200, 400, 401, 403, 404, 409, 413, 422].some(isTransientStatus)).toBe(false);
  });

  it('recognises a cancelled request by its name, whatever its class', () => {
    expect(isAbort(new DOMException('stop', 'AbortError'))).toBe(true);
    expect(isAbort(Object.assign(new Error('stop'), { name: 'AbortError' }))).toBe(true);
    expect(isAbort(new TypeError('Failed to fetch'))).toBe(false);
    expect(isAbort(null)).toBe(false);
  });

  it('says in every message what the technician can do next', () => {
    const next =
      /try again|sign in|ask a supervisor|tell a supervisor|check|attach a smaller|by itself|choose it again|download it|refresh/i;
    const samples = Object.entries(FAILURE_WORDS).map(([name, words]) => [
      name,
      typeof words === 'function' ? words(503 as never) : words,
    ]);
    const informational = ['cancelled', 'storageUrlRejected', 'storageLost', 'storageInterrupted', 'refused'];
    for (const [name, message] of samples) {
      if (informational.includes(name as string)) continue;
      expect(message, name as string).toMatch(next);
    }
  });

  it('never hands a technician a bare status code', () => {
    expect(FAILURE_WORDS.storageRefused(400)).not.toBe('Storage refused the file (HTTP 400).');
    expect(FAILURE_WORDS.storageRefused(400)).toMatch(/HTTP 400\). Try again/);
  });
});
