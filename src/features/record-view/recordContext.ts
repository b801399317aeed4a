import { type FragmentType, getFragmentData } from '../../graphql/generated/fragment-masking.ts';
import type { RunPlaceFragment, StepPlaceFragment } from '../../graphql/generated/graphql.ts';
import type { IntlShape } from 'react-intl';
import { formatEnum } from '../../components/formatValue.ts';
import { appIntl } from '../../i18n/index.ts';
import { partRevision, recordName, titledName } from '../../records/recordKinds.ts';
import { RunPlaceFields, StepPlaceFields } from './recordPlaceDocuments.ts';
import { serialOf } from '../../records/serialNumbers.ts';
import { runFacts, type RecordFacts } from '../../records/recordFacts.ts';

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
  /** The same place as facts, for what a captured file says about itself (its name, its EXIF). */
  facts: RecordFacts;
}

/** A run as a query spreads `...RunPlace`: what the context reads is asked for in one place. */
export type RunPlace = FragmentType<typeof RunPlaceFields>;
/** A run step as a query spreads `...StepPlace`. */
export type StepPlace = FragmentType<typeof StepPlaceFields>;

const SEPARATOR = ' · ';

function runName(run: RunPlaceFragment, intl: IntlShape): string {
  return `${recordName('run', run.id, intl)}${SEPARATOR}${serialOf(run.title) ?? run.title}`;
}

function partText(part: RunPlaceFragment['part'] | undefined, intl: IntlShape): string | null {
  if (!part) return null;
  return intl.formatMessage(
    {
      defaultMessage: 'Part {part}',
      id: '6oSZE1',
      description: 'The part a run builds, e.g. "Part BRKT-0001 rev C"',
    },
    { part: partRevision(part.partNumber, part.revision, intl) },
  );
}

function stepName(step: StepPlaceFragment, intl: IntlShape): string {
  return step.position != null
    ? intl.formatMessage(
        {
          defaultMessage: 'Step {position}',
          id: 'bVdhmz',
          description: 'A run step named by its position in the run',
        },
        { position: step.position },
      )
    : recordName('runStep', step.id, intl);
}

function position(step: StepPlaceFragment, run: RunPlaceFragment | null, intl: IntlShape): string | null {
  if (step.position == null) return null;
  const total = run?.steps?.length;
  return total
    ? intl.formatMessage(
        {
          defaultMessage: 'Step {position} of {total}',
          id: 'QNvRaE',
          description: 'Where a run step is in its run',
        },
        { position: step.position, total },
      )
    : stepName(step, intl);
}

function present(values: (string | null | undefined)[]): string[] {
  return values.filter((value): value is string => typeof value === 'string' && value !== '');
}

function stepFacts(step: StepPlaceFragment, run: RunPlaceFragment | null): RecordFacts {
  return {
    ...(run ? runFacts(run) : {}),
    title: step.title,
    step: { id: step.id, position: step.position ?? null },
  };
}

export function runContext(
  runRef: RunPlace,
  status: string | null | undefined,
  intl: IntlShape = appIntl(),
): RecordContext {
  const run = getFragmentData(RunPlaceFields, runRef);
  return {
    line: runName(run, intl),
    details: present([partText(run.part, intl), formatEnum(status, intl)]),
    facts: { ...runFacts(run), title: run.title },
  };
}

export function runStepContext(stepRef: StepPlace, intl: IntlShape = appIntl()): RecordContext {
  const step = getFragmentData(StepPlaceFields, stepRef);
  const run = getFragmentData(RunPlaceFields, step.run) ?? null;
  return {
    line: [run ? runName(run, intl) : null, stepName(step, intl)].filter(Boolean).join(SEPARATOR),
    details: present([
      run
        ? titledName(recordName('run', run.id, intl), run.title, intl)
        : intl.formatMessage({
            defaultMessage: 'Belongs to no run',
            id: 'DAFG80',
            description: 'A run step without a run',
          }),
      partText(run?.part, intl),
      position(step, run, intl),
      formatEnum(step.status, intl),
    ]),
    facts: stepFacts(step, run),
  };
}

export function runStepFieldContext(
  field: { id: number; name: string; step?: StepPlace | null },
  intl: IntlShape = appIntl(),
): RecordContext {
  if (!field.step) {
    return {
      line: intl.formatMessage(
        { defaultMessage: 'Field {name}', id: '2yJ+HS', description: 'A run step field named by its name' },
        { name: field.name },
      ),
      details: [
        intl.formatMessage({
          defaultMessage: 'Belongs to no run step',
          id: '4PZZOT',
          description: 'A run step field without a run step',
        }),
      ],
      facts: { field: { id: field.id, name: field.name } },
    };
  }
  const step = getFragmentData(StepPlaceFields, field.step);
  const stepLine = runStepContext(field.step, intl);
  return {
    line: `${stepLine.line}${SEPARATOR}${field.name}`,
    details: present([titledName(stepName(step, intl), step.title, intl), ...stepLine.details.slice(0, 2)]),
    facts: { ...stepLine.facts, title: field.name, field: { id: field.id, name: field.name } },
  };
}

/** What the browser tab and history show: the record first, then the app. */
export function documentTitle(name: string, contextLine: string | undefined): string {
  return [name, contextLine, 'Floor Attach'].filter(Boolean).join(' — ');
}
