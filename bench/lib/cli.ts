import { DEVICE_NAMES, type DeviceName } from './device.ts';

export interface CliOptions {
  quick: boolean;
  /** CI's run (`--ci`): the quick sizes, and the benchmarks whose figures issues ask CI to print. */
  ci: boolean;
  /** Benchmark names to run; empty means all. */
  only: string[];
  /** A commit to measure next to this tree in the same run (`--baseline <ref>`): before/after ratios. */
  baseline?: string;
  /**
   * With a baseline, how many times each side runs (`--rounds <n>`, 1 unless given): round by round in
   * turn, before then after, then after then before, so a machine that slows down (or speeds up)
   * during the run weighs on both sides alike.
   */
  rounds: number;
  /** The device profile the pages run under (`--device tablet`); desktop when not given. */
  device: DeviceName;
  help: boolean;
}

/**
 * Parses `--quick`, `--ci` (quick, CI's benchmarks), `--only <name>` (repeatable, or comma-separated), `--baseline <ref>`, `--rounds <n>`,
 * `--device <profile>` and `--help`.
 */
export function parseArgs(argv: readonly string[], known: readonly string[]): CliOptions {
  const options: CliOptions = {
    quick: false,
    ci: false,
    only: [],
    rounds: 1,
    device: 'desktop',
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--quick') options.quick = true;
    else if (arg === '--ci') options.ci = options.quick = true;
    else if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg === '--only' || arg.startsWith('--only=')) {
      const value = arg === '--only' ? argv[++i] : arg.slice('--only='.length);
      if (!value) throw new Error('--only needs a benchmark name');
      options.only.push(
        ...value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      );
    } else if (arg === '--baseline' || arg.startsWith('--baseline=')) {
      const value = arg === '--baseline' ? argv[++i] : arg.slice('--baseline='.length);
      if (!value) throw new Error('--baseline needs a git commit, branch or tag');
      options.baseline = value;
    } else if (arg === '--rounds' || arg.startsWith('--rounds=')) {
      const value = Number(arg === '--rounds' ? argv[++i] : arg.slice('--rounds='.length));
      if (!Number.isInteger(value) || value < 1)
        throw new Error('--rounds needs a whole number of 1 or more');
      options.rounds = value;
    } else if (arg === '--device' || arg.startsWith('--device=')) {
      const value = arg === '--device' ? argv[++i] : arg.slice('--device='.length);
      if (!DEVICE_NAMES.includes(value as DeviceName)) {
        throw new Error(`--device needs one of ${DEVICE_NAMES.join(', ')}`);
      }
      options.device = value as DeviceName;
    } else throw new Error(`Unknown option "${arg}"`);
  }
  if (options.rounds > 1 && !options.baseline) throw new Error('--rounds compares with a --baseline');
  if (options.ci && options.only.length > 0) throw new Error('--ci takes its own benchmarks: no --only');
  const unknown = options.only.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new Error(`Unknown benchmark "${unknown.join(', ')}"; known: ${known.join(', ')}`);
  }
  return options;
}
