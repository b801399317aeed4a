export interface CliOptions {
  quick: boolean;
  /** Benchmark names to run; empty means all. */
  only: string[];
  help: boolean;
}

/** Parses `--quick`, `--only <name>` (repeatable, or comma-separated) and `--help`. */
export function parseArgs(argv: readonly string[], known: readonly string[]): CliOptions {
  const options: CliOptions = { quick: false, only: [], help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--quick') options.quick = true;
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
    } else throw new Error(`Unknown option "${arg}"`);
  }
  const unknown = options.only.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new Error(`Unknown benchmark "${unknown.join(', ')}"; known: ${known.join(', ')}`);
  }
  return options;
}
