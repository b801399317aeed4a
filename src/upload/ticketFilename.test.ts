import { describe, expect, it } from 'vitest';
import { isGenericContentType, moreSpecificFilename, withinFilenameLimit } from './ticketFilename.ts';

describe('moreSpecificFilename', () => {
  it('adds the extension of the type the browser knows when the ticket type is generic', () => {
    expect(moreSpecificFilename('image', 'application/octet-stream', 'image/jpeg')).toBe('image.jpg');
    expect(moreSpecificFilename('scan', 'binary/octet-stream', 'application/pdf')).toBe('scan.pdf');
    expect(moreSpecificFilename('clip', 'application/octet-stream', 'video/quicktime')).toBe('clip.mov');
  });

  it('keeps the first ticket when its type is specific', () => {
    expect(moreSpecificFilename('photo.jpg', 'image/jpeg', 'image/jpeg')).toBeNull();
  });

  it('cannot help when the browser does not know the type, or knows no extension for it', () => {
    expect(moreSpecificFilename('data', 'application/octet-stream', '')).toBeNull();
    expect(moreSpecificFilename('data', 'application/octet-stream', 'application/octet-stream')).toBeNull();
    expect(moreSpecificFilename('data', 'application/octet-stream', 'application/x-unheard-of')).toBeNull();
  });

  it('does not repeat an extension the name already has', () => {
    expect(moreSpecificFilename('photo.JPG', 'application/octet-stream', 'image/jpeg')).toBeNull();
  });

  it('stays within the 255 characters a filename may have', () => {
    const name = moreSpecificFilename('x'.repeat(255), 'application/octet-stream', 'image/png');
    expect(name).toHaveLength(255);
    expect(name!.endsWith('.png')).toBe(true);
  });

  it('recognises generic types with parameters and any case', () => {
    expect(isGenericContentType('Application/Octet-Stream; charset=binary')).toBe(true);
    expect(isGenericContentType('text/plain')).toBe(false);
  });
});

describe('withinFilenameLimit', () => {
  it('leaves a name that fits alone', () => {
    expect(withinFilenameLimit('weld seam.jpg')).toBe('weld seam.jpg');
    expect(withinFilenameLimit('x'.repeat(255))).toBe('x'.repeat(255));
  });

  it('shortens a longer name to 255, keeping the extension and marking the cut', () => {
    const name = withinFilenameLimit(`${'inspection '.repeat(30)}.jpg`);
    expect(name).toHaveLength(255);
    expect(name.endsWith('….jpg')).toBe(true);
    expect(name.startsWith('inspection inspection')).toBe(true);
  });

  it('never splits a character in two, and treats a very long "extension" as part of the name', () => {
    const emoji = withinFilenameLimit(`${'📷'.repeat(200)}.png`);
    expect(emoji.length).toBeLessThanOrEqual(255);
    expect(emoji).toMatch(/^(📷)+….png$/u);
    const dotted = withinFilenameLimit(`report.${'x'.repeat(300)}`);
    expect(dotted).toHaveLength(255);
    expect(dotted.endsWith('…')).toBe(true);
  });
});
