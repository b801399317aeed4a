import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { geometricMean } from './stats.ts';

export interface Quantity {
  value: number;
  unit: string;
}

/** One measured figure, with what it is compared to. */
export interface Measured {
  benchmark: string;
  figure: string;
  value: number;
  unit: string;
  compare?: { label: string } & Quantity;
  /** value / compare.value when both share a unit. */
  ratio?: number;
  note?: string;
  overBudget?: boolean;
  /** The Web Vitals threshold the absolute figure is held to, where one applies (printed, never asserted). */
  vital?: Vital;
  /** Set in a `--baseline` run: which tree was measured. */
  variant?: 'before' | 'after';
  /** Set in a `--baseline --rounds <n>` run: which round (from 1). */
  round?: number;
  /** The device profile the pages ran under, when not the desktop. */
  device?: string;
}

/** Web Vitals' "good" thresholds: a page's main content shown, and an input answered. */
export const WEB_VITALS = { LCP: 2500, INP: 200 } as const;
export type Vital = keyof typeof WEB_VITALS;

/** A figure that could not be measured, and why (a missing piece, or an error). */
export interface NotMeasured {
  benchmark: string;
  figure: string;
  notMeasured: string;
  /** True when the benchmark broke rather than found a piece missing. */
  failed?: boolean;
  variant?: 'before' | 'after';
  round?: number;
  device?: string;
}

export type Row = Measured | NotMeasured;

export function isMeasured(row: Row): row is Measured {
  return 'value' in row;
}

export function measured(
  benchmark: string,
  figure: string,
  quantity: Quantity,
  compare?: { label: string } & Quantity,
  extra: { note?: string; overBudget?: boolean; vital?: Vital } = {},
): Measured {
  const row: Measured = { benchmark, figure, ...quantity, ...extra };
  if (compare) {
    row.compare = compare;
    if (compare.unit === quantity.unit && compare.value > 0) row.ratio = quantity.value / compare.value;
  }
  return row;
}

export function formatQuantity(q: Quantity): string {
  if (!Number.isFinite(q.value)) return `- ${q.unit}`;
  const abs = Math.abs(q.value);
  const digits = Number.isInteger(q.value) ? 0 : abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return `${q.value.toFixed(digits)} ${q.unit}`;
}

function columns(header: string[], lines: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const render = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [render(header), render(widths.map((w) => '-'.repeat(w))), ...lines.map(render)].join('\n');
}

/** A plain-text table: one line per figure, its comparison and the ratio; over-budget rows shout. */
export function formatTable(rows: readonly Row[]): string {
  const header = ['benchmark', 'figure', 'value', 'compared to', 'ratio', 'note'];
  const lines = rows.map((row) => {
    const benchmark = `${row.benchmark}${row.variant ? ` (${row.variant})` : ''}${row.device ? ` [${row.device}]` : ''}`;
    if (!isMeasured(row)) {
      return [benchmark, row.figure, row.failed ? 'FAILED' : 'not measured', '', '', row.notMeasured];
    }
    const compare = row.compare ? `${row.compare.label}: ${formatQuantity(row.compare)}` : '';
    const ratio = row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}x`;
    const vital = row.vital
      ? `[${row.vital} good <= ${WEB_VITALS[row.vital]} ms: ${row.value <= WEB_VITALS[row.vital] ? 'within' : 'OVER'}]`
      : '';
    const note = [row.overBudget ? '!!! OVER BUDGET !!!' : '', vital, row.note ?? '']
      .filter(Boolean)
      .join(' ');
    return [benchmark, row.figure, formatQuantity(row), compare, ratio, note];
  });
  return columns(header, lines);
}

/**
 * A `--baseline` run's figures measured in both trees, side by side: the value before and after,
 * after ÷ before, and each one's ratio to what it is compared with (the floor), before → after.
 */
export function formatComparison(rows: readonly Row[]): string {
  const key = (row: Row) => `${row.benchmark}\u0000${row.device ?? ''}\u0000${row.figure}`;
  const side = (variant: 'before' | 'after') => {
    const byKey = new Map<string, Row[]>();
    for (const row of rows) {
      if (row.variant === variant) byKey.set(key(row), [...(byKey.get(key(row)) ?? []), row]);
    }
    return byKey;
  };
  const before = side('before');
  const pairs = [...side('after')].flatMap(([figure, afters]) => {
    const was = combined(before.get(figure) ?? []);
    const now = combined(afters);
    return was && now && was.unit === now.unit ? [{ was, now }] : [];
  });
  const severalRounds = pairs.some(({ was, now }) => was.rounds.length > 1 || now.rounds.length > 1);
  const floor = (r: Combined) => (r.ratio === undefined ? '-' : `${r.ratio.toFixed(2)}x`);
  const each = (r: Combined) => r.rounds.map((q) => formatQuantity(q)).join(', ');
  const lines = pairs.map(({ was, now }) => [
    now.benchmark,
    now.figure,
    formatQuantity(was),
    formatQuantity(now),
    was.value > 0 ? `${(now.value / was.value).toFixed(2)}x` : '',
    now.ratio === undefined && was.ratio === undefined ? '' : `${floor(was)} → ${floor(now)}`,
    ...(severalRounds ? [`${each(was)} → ${each(now)}`] : []),
  ]);
  const headers = ['benchmark', 'figure', 'before', 'after', 'after/before', 'vs compared, before → after'];
  return columns(severalRounds ? [...headers, 'each round, before → after'] : headers, lines);
}

/** A figure over its rounds, with each round's value. */
interface Combined extends Measured {
  rounds: Quantity[];
}

/**
 * A figure over its rounds: the geometric mean of its values and of its ratios (geometricMean); one
 * round: itself.
 */
function combined(rows: readonly Row[]): Combined | null {
  const all = rows.filter(isMeasured);
  // A round that did not measure the figure leaves the comparison out rather than half of it.
  if (all.length === 0 || all.length < rows.length || new Set(all.map((r) => r.unit)).size > 1) return null;
  const ratios = all.map((r) => r.ratio);
  const ratio = ratios.every((r): r is number => r !== undefined) ? geometricMean(ratios) : undefined;
  const { ratio: _first, ...first } = all[0]!;
  return {
    ...first,
    value: geometricMean(all.map((r) => r.value)),
    ...(ratio === undefined ? {} : { ratio }),
    rounds: all.map(({ value, unit }) => ({ value, unit })),
  };
}

export interface RunRecord {
  startedAt: string;
  finishedAt: string;
  quick: boolean;
  /** The `--device` profile the pages ran under. */
  device?: string;
  /** The two trees of a `--baseline` run. */
  variants?: { label: string; source: string }[];
  machine: { cpus: number; node: string; loadAverageAtStart: number[]; loadAverageAtEnd: number[] };
  rows: Row[];
}

/** Writes bench/results/<timestamp>.json and bench/results/latest.json; returns the first path. */
export async function writeResults(dir: string, record: RunRecord): Promise<string> {
  await mkdir(dir, { recursive: true });
  const stamp = record.startedAt.replace(/[:.]/g, '-');
  const file = path.join(dir, `${stamp}.json`);
  const json = `${JSON.stringify(record, null, 2)}\n`;
  await writeFile(file, json);
  await writeFile(path.join(dir, 'latest.json'), json);
  return file;
}
