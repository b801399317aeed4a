import { describe, expect, it } from 'vitest';
import { FAILURE_WORDS, MAX_RETRY_AFTER_MS, isAbort, isTransientStatus, retryAfterMs } from './failures.ts';

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
      /try again|sign in|ask a supervisor|tell a supervisor|check|attach a smaller|by itself|choose it again|download it|refresh|move the file/i;
    const samples = Object.entries(FAILURE_WORDS).map(([name, words]) => [
      name,
      typeof words === 'function' ? words(503 as never) : words,
    ]);
    const informational = [
      'cancelled',
      'storageUrlRejected',
      'storageLost',
      'storageInterrupted',
      'refused',
      // A phrase completing "Sent at full size: …", the file going on by itself.
      'notLightened',
      // Why a clip has no kept frame: a pin counts such files ("1 file could not be kept").
      'clipUndecodable',
      'clipNoPicture',
    ];
    for (const [name, message] of samples) {
      if (informational.includes(name as string)) continue;
      expect(message, name as string).toMatch(next);
    }
  });

  it('never hands a technician a bare status code', () => {
    expect(FAILURE_WORDS.storageRefused(400)).not.toBe('Storage refused the file (HTTP 400).');
    expect(FAILURE_WORDS.storageRefused(400)).toMatch(/HTTP 400\). Try again/);
  });

  it('reads Retry-After as seconds or a date, capped, and ignores nonsense', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs('86400', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
