import { describe, expect, it } from 'vitest';
import { sniffBlobType, sniffType } from './sniffType.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );

describe('sniffType', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), 'image/png'],
    ['GIF', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['HEIC', bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]), 'image/heic'],
    ['HEIF', bytes([0, 0, 0, 0x18], 'ftypmif1', [0, 0, 0, 0]), 'image/heif'],
    ['PDF', bytes('%PDF-1.7\n%âãÏÓ'), 'application/pdf'],
  ])('knows %s by its first bytes', (_name, head, type) => {
    expect(sniffType(head)).toBe(type);
  });

  it('says nothing of other files, short ones and an MP4 (ftyp, but no image brand)', () => {
    expect(sniffType(bytes('torque,angle\n12,30'))).toBeNull();
    expect(sniffType(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffType(new Uint8Array())).toBeNull();
    expect(sniffType(bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 0, 0]))).toBeNull();
  });

  it('reads only the start of a Blob', async () => {
    const blob = new Blob([bytes('%PDF-1.4\n'), new Uint8Array(100_000)]);
    expect(await sniffBlobType(blob)).toBe('application/pdf');
  });
});
