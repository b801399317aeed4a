import { formatEnum } from '../shared/formatValue.ts';

/**
 * Where a record sits in the work, so a photo is not put on the wrong serial: a run step names its
 * run and position, a field its step and run, a run its part. One line is used everywhere the record
 * is named (upload rows, the tray, notifications, the page title).
 */
export interface RecordContext {
  /** e.g. "Run 1 · SN 0041 · Step 2". */
  line: string;
  /** Facts shown under the page title, e.g. ["Run 1: BRKT-0001 Rev C, SN 0041", "Step 2 of 7", …]. */
  details: string[];
}

export interface RunPlace {
  id: number;
  title: string;
  part?: { partNumber: string; revision: string } | null;
  /** The run's steps, counted for "Step 2 of 7". */
  steps?: readonly unknown[] | null;
}

export interface StepPlace {
  id: number;
  title: string;
  position?: number | null;
  status?: string | null;
  run?: RunPlace | null;
}

const SEPARATOR = ' · ';

/**
 * The serial as the run's title names it ("BRKT-0001 Rev C, SN 0041" → "SN 0041"): the schema keeps
 * serials on inventory the API does not expose here, so the title is what the floor reads.
 */
export function serialOf(title: string): string | null {
  const match = /\b(?:SN|S\/N)[\s:#]+([A-Za-z0-9][\w-]*)/.exec(title);
  return match ? `SN ${match[1]}` : null;
}

function runName(run: RunPlace): string {
  return `Run ${run.id}${SEPARATOR}${serialOf(run.title) ?? run.title}`;
}

function partText(part: RunPlace['part']): string | null {
  return part ? `Part ${part.partNumber} rev ${part.revision}` : null;
}

function stepName(step: StepPlace): string {
  return step.position != null ? `Step ${step.position}` : `Run step ${step.id}`;
}

function position(step: StepPlace): string | null {
  if (step.position == null) return null;
  const total = step.run?.steps?.length;
  return total ? `Step ${step.position} of ${total}` : `Step ${step.position}`;
}

function present(values: (string | null | undefined)[]): string[] {
  return values.filter((value): value is string => typeof value === 'string' && value !== '');
}

export function runContext(run: RunPlace & { status?: string | null }): RecordContext {
  return {
    line: runName(run),
    details: present([partText(run.part), formatEnum(run.status)]),
  };
}

export function runStepContext(step: StepPlace): RecordContext {
  const run = step.run;
  return {
    line: [run ? runName(run) : null, stepName(step)].filter(Boolean).join(SEPARATOR),
    details: present([
      run ? `Run ${run.id}: ${run.title}` : 'Belongs to no run',
      partText(run?.part),
      position(step),
      formatEnum(step.status),
    ]),
  };
}

export function runStepFieldContext(field: { name: string; step?: StepPlace | null }): RecordContext {
  const step = field.step;
  if (!step) return { line: `Field ${field.name}`, details: ['Belongs to no run step'] };
  const stepLine = runStepContext(step);
  return {
    line: `${stepLine.line}${SEPARATOR}${field.name}`,
    details: present([`${stepName(step)}: ${step.title}`, ...stepLine.details.slice(0, 2)]),
  };
}

/** What the browser tab and history show: the record first, then the app. */
export function documentTitle(recordName: string, contextLine: string | undefined): string {
  return [recordName, contextLine, 'Floor Attach'].filter(Boolean).join(' — ');
}
