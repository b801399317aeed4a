import { describe, expect, it } from 'vitest';
import { unquoteEtag } from './xhrObjectStorage.ts';

describe('unquoteEtag', () => {
  it('removes the quotes storage puts around the ETag', () => {
    expect(unquoteEtag('"9e107d9d372bb6826bd81d3542a419d6"')).toBe('9e107d9d372bb6826bd81d3542a419d6');
    expect(unquoteEtag('W/"abc"')).toBe('abc');
    expect(unquoteEtag('abc')).toBe('abc');
  });

  it('is null when the header is missing or unreadable', () => {
    expect(unquoteEtag(null)).toBeNull();
    expect(unquoteEtag('')).toBeNull();
    expect(unquoteEtag('""')).toBeNull();
  });
});
