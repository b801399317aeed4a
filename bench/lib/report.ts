import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

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
  const before = new Map(rows.filter((r) => r.variant === 'before').map((r) => [key(r), r]));
  const lines: string[][] = [];
  for (const after of rows) {
    if (after.variant !== 'after') continue;
    const was = before.get(key(after));
    if (!was || !isMeasured(was) || !isMeasured(after) || was.unit !== after.unit) continue;
    const change = was.value > 0 ? `${(after.value / was.value).toFixed(2)}x` : '';
    const floor = (r: Measured) => (r.ratio === undefined ? '-' : `${r.ratio.toFixed(2)}x`);
    const vsFloor =
      after.ratio === undefined && was.ratio === undefined ? '' : `${floor(was)} → ${floor(after)}`;
    lines.push([after.benchmark, after.figure, formatQuantity(was), formatQuantity(after), change, vsFloor]);
  }
  return columns(
    ['benchmark', 'figure', 'before', 'after', 'after/before', 'vs compared, before → after'],
    lines,
  );
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
