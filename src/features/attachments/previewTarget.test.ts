import { describe, expect, it } from 'vitest';
import { previewOfContent } from './attachmentType.ts';
import { previewTarget } from './previewTarget.ts';

describe('previewTarget', () => {
  it('previews by content type or extension as before', () => {
    expect(previewTarget({ id: 1, filename: 'a.png', contentType: 'image/png' })?.type).toBe('image');
    expect(previewTarget({ id: 2, filename: 'scan', contentType: 'application/pdf' })?.type).toBe('pdf');
    expect(previewTarget({ id: 3, filename: 'log.txt', contentType: 'text/plain' })).toBeNull();
  });

  it('plays clips and sounds, by content type or, when it is generic, by extension', () => {
    expect(previewTarget({ id: 7, filename: 'a.mp4', contentType: 'video/mp4' })?.type).toBe('video');
    expect(previewTarget({ id: 8, filename: 'b.weba', contentType: 'audio/webm' })?.type).toBe('audio');
    // A gallery's files, stored as octet-stream by another client: their extensions say what they are.
    for (const [filename, type] of [
      ['clip.mov', 'video'],
      ['clip.m4v', 'video'],
      ['note.m4a', 'audio'],
      ['note.ogg', 'audio'],
      ['note.opus', 'audio'],
    ] as const) {
      expect(previewTarget({ id: 9, filename, contentType: 'application/octet-stream' })?.type).toBe(type);
    }
  });

  it('offers a file that says nothing of its type, to be known by its first bytes', () => {
    expect(previewTarget({ id: 4, filename: 'IMG_0412', contentType: 'application/octet-stream' })).toEqual({
      id: 4,
      filename: 'IMG_0412',
      type: 'by-content',
    });
    expect(previewTarget({ id: 5, filename: 'scan', contentType: null })?.type).toBe('by-content');
    // An extension that says it is something else is believed.
    expect(
      previewTarget({ id: 6, filename: 'data.bin', contentType: 'application/octet-stream' }),
    ).toBeNull();
  });

  it('shows what the bytes say only when the browser can draw it', () => {
    expect(previewOfContent('image/jpeg')).toBe('image');
    expect(previewOfContent('image/webp')).toBe('image');
    expect(previewOfContent('application/pdf')).toBe('pdf');
    expect(previewOfContent('image/heic')).toBeNull();
    expect(previewOfContent(null)).toBeNull();
  });
});
