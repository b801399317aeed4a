import { type FragmentType, getFragmentData } from '../../graphql/generated/fragment-masking.ts';
import type { RunPlaceFragment, StepPlaceFragment } from '../../graphql/generated/graphql.ts';
import { formatEnum } from '../../components/formatValue.ts';
import { RunPlaceFields, StepPlaceFields } from './recordPlaceDocuments.ts';
import { serialOf } from '../../records/serialNumbers.ts';

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

/** A run as a query spreads `...RunPlace`: what the context reads is asked for in one place. */
export type RunPlace = FragmentType<typeof RunPlaceFields>;
/** A run step as a query spreads `...StepPlace`. */
export type StepPlace = FragmentType<typeof StepPlaceFields>;

const SEPARATOR = ' · ';

function runName(run: RunPlaceFragment): string {
  return `Run ${run.id}${SEPARATOR}${serialOf(run.title) ?? run.title}`;
}

function partText(part: RunPlaceFragment['part'] | undefined): string | null {
  return part ? `Part ${part.partNumber} rev ${part.revision}` : null;
}

function stepName(step: StepPlaceFragment): string {
  return step.position != null ? `Step ${step.position}` : `Run step ${step.id}`;
}

function position(step: StepPlaceFragment, run: RunPlaceFragment | null): string | null {
  if (step.position == null) return null;
  const total = run?.steps?.length;
  return total ? `Step ${step.position} of ${total}` : `Step ${step.position}`;
}

function present(values: (string | null | undefined)[]): string[] {
  return values.filter((value): value is string => typeof value === 'string' && value !== '');
}

export function runContext(runRef: RunPlace, status: string | null | undefined): RecordContext {
  const run = getFragmentData(RunPlaceFields, runRef);
  return {
    line: runName(run),
    details: present([partText(run.part), formatEnum(status)]),
  };
}

export function runStepContext(stepRef: StepPlace): RecordContext {
  const step = getFragmentData(StepPlaceFields, stepRef);
  const run = getFragmentData(RunPlaceFields, step.run) ?? null;
  return {
    line: [run ? runName(run) : null, stepName(step)].filter(Boolean).join(SEPARATOR),
    details: present([
      run ? `Run ${run.id}: ${run.title}` : 'Belongs to no run',
      partText(run?.part),
      position(step, run),
      formatEnum(step.status),
    ]),
  };
}

export function runStepFieldContext(field: { name: string; step?: StepPlace | null }): RecordContext {
  if (!field.step) return { line: `Field ${field.name}`, details: ['Belongs to no run step'] };
  const step = getFragmentData(StepPlaceFields, field.step);
  const stepLine = runStepContext(field.step);
  return {
    line: `${stepLine.line}${SEPARATOR}${field.name}`,
    details: present([`${stepName(step)}: ${step.title}`, ...stepLine.details.slice(0, 2)]),
  };
}

/** What the browser tab and history show: the record first, then the app. */
export function documentTitle(recordName: string, contextLine: string | undefined): string {
  return [recordName, contextLine, 'Floor Attach'].filter(Boolean).join(' — ');
}
