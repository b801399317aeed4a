import { describe, expect, it } from 'vitest';
import { datedIfGeneric } from './readDroppedFiles.ts';

describe('names of pasted pictures', () => {
  const at = new Date(2026, 10, 23, 10, 41, 5);

  it('gives a generic "image.png" the local date and time', () => {
    const named = datedIfGeneric(new File(['x'], 'image.png', { type: 'image/png' }), at);
    expect(named.name).toBe('Screenshot 2026-11-23 10.41.05.png');
    expect(named.type).toBe('image/png');
    expect(datedIfGeneric(new File(['x'], 'Image.JPG'), at).name).toBe('Screenshot 2026-11-23 10.41.05.jpg');
  });

  it('keeps a name of its own', () => {
    const file = new File(['x'], 'torque-chart.png');
    expect(datedIfGeneric(file, at)).toBe(file);
  });
});
