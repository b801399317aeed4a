import { describe, expect, it } from 'vitest';
import { parseArgs } from '../lib/cli.ts';

const known = ['bundle', 'upload', 'round-trips'];

describe('parseArgs', () => {
  it('reads --quick and repeated or comma-separated --only', () => {
    expect(parseArgs(['--quick', '--only', 'bundle', '--only=upload,round-trips'], known)).toEqual({
      quick: true,
      ci: false,
      only: ['bundle', 'upload', 'round-trips'],
      rounds: 1,
      device: 'desktop',
      help: false,
    });
  });

  it('defaults to every benchmark at full size', () => {
    expect(parseArgs([], known)).toEqual({
      quick: false,
      ci: false,
      only: [],
      rounds: 1,
      device: 'desktop',
      help: false,
    });
  });

  it('reads --ci as the quick sizes, with no --only beside it', () => {
    expect(parseArgs(['--ci'], known)).toMatchObject({ ci: true, quick: true, only: [] });
    expect(() => parseArgs(['--ci', '--only', 'bundle'], known)).toThrow('--ci takes its own benchmarks');
  });

  it('reads the commit to compare with', () => {
    expect(parseArgs(['--baseline', 'HEAD~3', '--quick'], known)).toMatchObject({
      baseline: 'HEAD~3',
      quick: true,
    });
    expect(parseArgs(['--baseline=v1'], known).baseline).toBe('v1');
    expect(() => parseArgs(['--baseline'], known)).toThrow('--baseline needs a git commit');
  });

  it('reads how many rounds each side of a comparison runs', () => {
    expect(parseArgs(['--baseline', 'HEAD', '--rounds', '2'], known).rounds).toBe(2);
    expect(parseArgs(['--baseline=HEAD', '--rounds=3'], known).rounds).toBe(3);
    expect(() => parseArgs(['--baseline', 'HEAD', '--rounds', '0'], known)).toThrow(
      '--rounds needs a whole number',
    );
    expect(() => parseArgs(['--baseline', 'HEAD', '--rounds', 'two'], known)).toThrow('--rounds needs');
    expect(() => parseArgs(['--rounds', '2'], known)).toThrow('--rounds compares with a --baseline');
  });

  it('reads the device profile', () => {
    expect(parseArgs(['--device', 'tablet'], known).device).toBe('tablet');
    expect(parseArgs(['--device=dead-zone-edge'], known).device).toBe('dead-zone-edge');
    expect(parseArgs(['--device', 'tablet-cpu'], known).device).toBe('tablet-cpu');
    expect(() => parseArgs(['--device', 'phone'], known)).toThrow('--device needs one of');
  });

  it('refuses unknown options and benchmark names', () => {
    expect(() => parseArgs(['--fast'], known)).toThrow('Unknown option "--fast"');
    expect(() => parseArgs(['--only', 'nope'], known)).toThrow('Unknown benchmark "nope"');
    expect(() => parseArgs(['--only'], known)).toThrow('--only needs a benchmark name');
  });
});
