import { describe, expect, it } from 'vitest';
import { MAX_NAME_BYTES, safeName, UniquePaths } from './safeNames.ts';

describe('safeName', () => {
  it('replaces the characters Windows refuses and path separators', () => {
    expect(safeName('a<b>c:d"e/f\\g|h?i*j.jpg', 'x')).toBe('a_b_c_d_e_f_g_h_i_j.jpg');
  });

  it('replaces control characters', () => {
    expect(safeName('line\nbreak\ttab\u0000.txt', 'x')).toBe('line_break_tab_.txt');
  });

  it('drops trailing dots and spaces, which Windows strips', () => {
    expect(safeName('report. . ', 'x')).toBe('report');
    expect(safeName('  spaced  .pdf  ', 'x')).toBe('spaced  .pdf');
  });

  it("prefixes Windows' reserved device names, with or without an extension, in any case", () => {
    expect(safeName('CON', 'x')).toBe('_CON');
    expect(safeName('con.txt', 'x')).toBe('_con.txt');
    expect(safeName('Lpt1.tar.gz', 'x')).toBe('_Lpt1.tar.gz');
    expect(safeName('console.log', 'x')).toBe('console.log');
  });

  it('uses the fallback for a name with nothing left', () => {
    expect(safeName('', 'attachment-7')).toBe('attachment-7');
    expect(safeName(' ... ', 'attachment-7')).toBe('attachment-7');
  });

  it('cuts a long name to the byte limit, keeping its extension and whole characters', () => {
    const long = `${'ü'.repeat(200)}.jpeg`;
    const safe = safeName(long, 'x');
    expect(new TextEncoder().encode(safe).length).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(safe.endsWith('.jpeg')).toBe(true);
    expect(safe).not.toContain('\uFFFD');
    expect(safeName('a'.repeat(100), 'x', 10)).toBe('a'.repeat(10));
  });

  it('normalises to NFC so one name is one name on macOS and Windows', () => {
    expect(safeName('Cafe\u0301.png', 'x')).toBe('Café.png');
  });
});

describe('UniquePaths', () => {
  it('numbers the second file of one name in one folder', () => {
    const paths = new UniquePaths();
    expect(paths.claim('02 Machine', 'torque.jpg')).toBe('02 Machine/torque.jpg');
    expect(paths.claim('02 Machine', 'torque.jpg')).toBe('02 Machine/torque (2).jpg');
    expect(paths.claim('02 Machine', 'torque.jpg')).toBe('02 Machine/torque (3).jpg');
  });

  it('keeps one name in different folders as it is', () => {
    const paths = new UniquePaths();
    expect(paths.claim('01 A', 'torque.jpg')).toBe('01 A/torque.jpg');
    expect(paths.claim('02 B', 'torque.jpg')).toBe('02 B/torque.jpg');
    expect(paths.claim('', 'torque.jpg')).toBe('torque.jpg');
  });

  it('treats names differing only in case or Unicode form as one (Windows and macOS do)', () => {
    const paths = new UniquePaths();
    expect(paths.claim('', 'Torque.JPG')).toBe('Torque.JPG');
    expect(paths.claim('', 'torque.jpg')).toBe('torque (2).jpg');
    expect(paths.claim('', 'Café.png')).toBe('Café.png');
    expect(paths.claim('', 'Cafe\u0301.png')).toBe('Cafe\u0301 (2).png');
  });

  it('does not let a numbered name take one a later file has', () => {
    const paths = new UniquePaths();
    paths.claim('', 'a.txt');
    paths.claim('', 'a (2).txt');
    expect(paths.claim('', 'a.txt')).toBe('a (3).txt');
  });
});
