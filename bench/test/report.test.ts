import { describe, expect, it } from 'vitest';
import { attempt, NotReady } from '../lib/benchmark.ts';
import { formatComparison, formatQuantity, formatTable, measured } from '../lib/report.ts';

describe('measured', () => {
  it('computes the ratio only when both figures share a unit', () => {
    expect(
      measured('b', 'f', { value: 30, unit: 'ms' }, { label: 'floor', value: 10, unit: 'ms' }).ratio,
    ).toBe(3);
    expect(
      measured('b', 'f', { value: 30, unit: 'ms' }, { label: 'x', value: 10, unit: 'MB' }).ratio,
    ).toBeUndefined();
  });
});

describe('formatTable', () => {
  it('shows comparison, ratio, loud over-budget and not-measured reasons', () => {
    const table = formatTable([
      measured(
        'bundle',
        'initial JS (gzip)',
        { value: 300, unit: 'KB' },
        { label: 'budget', value: 250, unit: 'KB' },
        { overBudget: true },
      ),
      { benchmark: 'upload', figure: 'PUT 1 GB', notMeasured: 'the app is not there yet' },
      { benchmark: 'upload', figure: 'PUT 16 MB', notMeasured: 'failed: boom', failed: true },
    ]);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^benchmark\s+figure\s+value\s+compared to\s+ratio\s+note$/);
    expect(lines[2]).toContain('300 KB');
    expect(lines[2]).toContain('budget: 250 KB');
    expect(lines[2]).toContain('1.20x');
    expect(lines[2]).toContain('!!! OVER BUDGET !!!');
    expect(lines[3]).toMatch(/not measured\s+the app is not there yet$/);
    expect(lines[4]).toMatch(/FAILED\s+failed: boom$/);
  });

  it('prints the Web Vitals threshold a figure is held to, and the device profile it ran on', () => {
    const [, , within, over] = formatTable([
      measured('catalogue', 'scan', { value: 150, unit: 'ms' }, undefined, { vital: 'INP' }),
      {
        ...measured('offline-start', 'start', { value: 2600, unit: 'ms' }, undefined, { vital: 'LCP' }),
        device: 'tablet',
      },
    ]).split('\n');
    expect(within).toContain('[INP good <= 200 ms: within]');
    expect(over).toMatch(/^offline-start \[tablet\]/);
    expect(over).toContain('[LCP good <= 2500 ms: OVER]');
  });

  it('rounds by magnitude', () => {
    expect(formatQuantity({ value: 1234.5, unit: 'ms' })).toBe('1235 ms');
    expect(formatQuantity({ value: 12.345, unit: 'ms' })).toBe('12.3 ms');
    expect(formatQuantity({ value: 1.2345, unit: 'ms' })).toBe('1.23 ms');
    expect(formatQuantity({ value: 3, unit: 'requests' })).toBe('3 requests');
  });
});

describe('attempt', () => {
  it('turns a missing piece into not-measured rows and an error into failed rows', async () => {
    const missing = await attempt('upload', ['a', 'b'], () => Promise.reject(new NotReady('no app')));
    expect(missing).toEqual([
      { benchmark: 'upload', figure: 'a', notMeasured: 'no app', failed: undefined },
      { benchmark: 'upload', figure: 'b', notMeasured: 'no app', failed: undefined },
    ]);
    const broken = await attempt('upload', ['a'], () => Promise.reject(new Error('boom')));
    expect(broken).toEqual([{ benchmark: 'upload', figure: 'a', notMeasured: 'failed: boom', failed: true }]);
  });
});

describe('formatComparison', () => {
  it('pairs the figures measured before and after, with the change and each ratio to its floor', () => {
    const floor = { label: 'bare', value: 20, unit: 'ms' };
    const table = formatComparison([
      { ...measured('catalogue', 'keystroke', { value: 500, unit: 'ms' }, floor), variant: 'before' },
      { ...measured('catalogue', 'only before', { value: 5, unit: 'ms' }), variant: 'before' },
      { ...measured('catalogue', 'keystroke', { value: 250, unit: 'ms' }, floor), variant: 'after' },
      { ...measured('catalogue', 'only after', { value: 5, unit: 'ms' }), variant: 'after' },
      { benchmark: 'upload', figure: 'PUT', notMeasured: 'no app', variant: 'before' },
      { ...measured('upload', 'PUT', { value: 5, unit: 'ms' }), variant: 'after' },
    ]);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^benchmark\s+figure\s+before\s+after\s+after\/before/);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/keystroke\s+500 ms\s+250 ms\s+0.50x\s+25.00x → 12.50x$/);
  });
});

describe('formatComparison over several rounds', () => {
  it('compares the geometric means of each side, ratios included, and shows every round', () => {
    const floor = (value: number) => ({ label: 'uppy', value, unit: 'ms' });
    const row = (variant: 'before' | 'after', round: number, value: number, compared: number) => ({
      ...measured('uppy', 'one file', { value, unit: 'ms' }, floor(compared)),
      variant,
      round,
    });
    // The machine slows down during the run: round 1 before, after; round 2 after, before.
    const table = formatComparison([
      row('before', 1, 200, 100),
      row('after', 1, 180, 100),
      row('after', 2, 360, 200),
      row('before', 2, 400, 200),
    ]);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/after\/before\s+vs compared, before → after\s+each round, before → after$/);
    expect(lines[2]).toMatch(
      /one file\s+283 ms\s+255 ms\s+0.90x\s+2.00x → 1.80x\s+200 ms, 400 ms → 180 ms, 360 ms$/,
    );
  });

  it('leaves out a figure that a round did not measure', () => {
    const table = formatComparison([
      { ...measured('uppy', 'one file', { value: 200, unit: 'ms' }), variant: 'before', round: 1 },
      { benchmark: 'uppy', figure: 'one file', notMeasured: 'no app', variant: 'before', round: 2 },
      { ...measured('uppy', 'one file', { value: 180, unit: 'ms' }), variant: 'after', round: 1 },
      { ...measured('uppy', 'one file', { value: 190, unit: 'ms' }), variant: 'after', round: 2 },
    ]);
    expect(table.split('\n')).toHaveLength(2);
  });
});
