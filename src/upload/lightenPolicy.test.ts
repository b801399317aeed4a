import { describe, expect, it } from 'vitest';
import { jpegFilename, photoKind, scaledSize } from './lightenPolicy.ts';

describe('photoKind', () => {
  it.each([
    ['IMG_1.jpg', 'image/jpeg', 'jpeg'],
    ['image', 'image/jpeg', 'jpeg'],
    ['IMG_1.JPEG', '', 'jpeg'],
    ['IMG_1.heic', 'image/heic', 'heif'],
    ['IMG_1.HEIC', '', 'heif'],
    ['IMG_1.heif', 'application/octet-stream', 'heif'],
    ['photo', 'image/heif', 'heif'],
  ])('%s (%j) is a %s photo', (name, type, kind) => {
    expect(photoKind(name, type)).toBe(kind);
  });

  it.each([
    ['screenshot.png', 'image/png'],
    ['drawing.pdf', 'application/pdf'],
    ['clip.mp4', 'video/mp4'],
    ['notes.jpg', 'text/plain'],
    ['anim.gif', 'image/gif'],
  ])('%s (%s) is left alone', (name, type) => {
    expect(photoKind(name, type)).toBeNull();
  });
});

describe('jpegFilename', () => {
  it.each([
    ['IMG_0001.HEIC', 'IMG_0001.jpg'],
    ['IMG_0001.heif', 'IMG_0001.jpg'],
    ['weld.jpeg', 'weld.jpg'],
    ['weld.jpg', 'weld.jpg'],
    ['image', 'image.jpg'],
    ['.heic', 'photo.jpg'],
  ])('%s → %s', (name, expected) => {
    expect(jpegFilename(name)).toBe(expected);
  });
});

describe('scaledSize', () => {
  it('brings the long edge down to the limit, keeping the proportions', () => {
    expect(scaledSize(4032, 3024, 2560)).toEqual({ width: 2560, height: 1920 });
    expect(scaledSize(3024, 4032, 2560)).toEqual({ width: 1920, height: 2560 });
  });

  it('never enlarges', () => {
    expect(scaledSize(800, 600, 2560)).toEqual({ width: 800, height: 600 });
  });
});
