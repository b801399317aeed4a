import { describe, expect, it } from 'vitest';
import { sanitizeRedirect } from './redirect.ts';

describe('sanitizeRedirect', () => {
  it.each([
    ['/parts', '/parts'],
    ['/parts/12?tab=files#top', '/parts/12?tab=files#top'],
    ['/runs/42', '/runs/42'],
    ['/parts/../runs/1', '/runs/1'],
  ])('keeps the local path %s', (input, expected) => {
    expect(sanitizeRedirect(input)).toBe(expected);
  });

  it.each([
    'https://evil.example/parts',
    '//evil.example/parts',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/.//evil.example',
    '/a/..//evil.example/parts',
    'javascript:alert(1)',
    'parts/1',
    '',
    '/auth/callback?code=x&state=y',
    '/sign-in?redirect=/parts',
  ])('replaces %j with the fallback', (input) => {
    expect(sanitizeRedirect(input)).toBe('/');
    expect(sanitizeRedirect(input, '/parts')).toBe('/parts');
  });

  it.each([undefined, null, 42, { path: '/parts' }])(
    'replaces the non-string %j with the fallback',
    (input) => {
      expect(sanitizeRedirect(input)).toBe('/');
    },
  );
});
