import { describe, expect, it } from 'vitest';
import { displayFilename } from '../../components/displayFilename.ts';
import { attachmentType, canPreview, httpUrl } from './attachmentType.ts';

describe('displayFilename', () => {
  it('keeps ordinary names, including right-to-left letters', () => {
    expect(displayFilename('photo.png')).toEqual({ text: 'photo.png', revealed: false });
    expect(displayFilename('תמונה.png')).toEqual({ text: 'תמונה.png', revealed: false });
  });

  it('shows direction overrides and control characters as codes', () => {
    expect(displayFilename('invoice\u202Egnp.exe')).toEqual({
      text: 'invoice[U+202E]gnp.exe',
      revealed: true,
    });
    expect(displayFilename('a\u2066b\u200Fc\u0000d')).toEqual({
      text: 'a[U+2066]b[U+200F]c[U+0000]d',
      revealed: true,
    });
  });

  it('names a missing filename', () => {
    expect(displayFilename(null).text).toBe('Unnamed file');
    expect(displayFilename('').text).toBe('Unnamed file');
  });
});

describe('attachmentType', () => {
  it.each([
    ['image/png', 'x', 'image'],
    ['application/pdf', 'x', 'pdf'],
    ['text/csv', 'x', 'sheet'],
    ['application/zip', 'x', 'archive'],
    ['text/plain; charset=utf-8', 'x', 'text'],
    ['video/mp4', 'x', 'video'],
    ['application/octet-stream', 'scan.PDF', 'pdf'],
    [null, 'photo.jpeg', 'image'],
    [null, 'data.bin', 'other'],
  ])('%s / %s → %s', (contentType, filename, type) => {
    expect(attachmentType(contentType, filename)).toBe(type);
  });

  it('previews images and PDFs but not SVG', () => {
    expect(canPreview('image', 'image/png')).toBe(true);
    expect(canPreview('pdf', 'application/pdf')).toBe(true);
    expect(canPreview('image', 'image/svg+xml')).toBe(false);
    expect(canPreview('text', 'text/plain')).toBe(false);
  });
});

describe('httpUrl', () => {
  it('accepts only http(s) URLs', () => {
    expect(httpUrl('https://s.test/a?b=1')).toBe('https://s.test/a?b=1');
    expect(httpUrl('http://127.0.0.1:4000/x')).toBe('http://127.0.0.1:4000/x');
    expect(httpUrl('javascript:alert(1)')).toBeNull();
    expect(httpUrl('data:text/html,hi')).toBeNull();
    expect(httpUrl('not a url')).toBeNull();
    expect(httpUrl(null)).toBeNull();
  });
});
