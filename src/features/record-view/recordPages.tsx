// Over 400 lines for a reason: the six kinds of record page in one table, with the words their fields
// and related records are named in, so that a new kind of record has its page in one place.
import type { ReactNode } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { RecordPage, type RecordView } from './RecordPage.tsx';
import { RECORD_QUERIES } from './recordQueries.ts';
import { type RecordKind, partRevision, procedureVersion } from '../../records/recordKinds.ts';
import {
  formatDate,
  formatEnum,
  formatNumber,
  formatScalar,
  formatYesNo,
} from '../../components/formatValue.ts';
import { EvidenceSlots, isEvidenceField, RunStepsEvidence } from '../evidence/index.ts';
import { filesValue } from './filesValue.ts';
import { runContext, runStepContext, runStepFieldContext } from './recordContext.ts';
import { relatedRuns, runStepLinkText } from '../runs/index.ts';
import type { RecordField } from './RecordFields.tsx';
import type { RelatedGroup, RelatedRecord } from './RecordLinks.tsx';
import { runOrigin } from '../../graphql/runOrigin.ts';

/**
 * The six kinds of record page in one table: what each shows of its record (title, where it sits in
 * the work, fields, links to related records). RecordPage does the rest (states, layout, attachments).
 * A new kind of record gets its query in recordQueries.ts and its page here; the compiler asks for both.
 */
function page<TData, TRecord>(
  query: TypedDocumentNode<TData, { id: string }>,
  select: (data: TData) => TRecord | null | undefined,
  view: (record: TRecord, intl: IntlShape) => RecordView,
) {
  return function KindPage({ kind, rawId }: { kind: RecordKind; rawId: string }) {
    return <RecordPage kind={kind} rawId={rawId} query={query} select={select} view={view} />;
  };
}

/** The names of a record's fields, as its page lists them. */
const FIELD = defineMessages({
  partNumber: { defaultMessage: 'Part number', id: 'kRLCsq', description: 'Record field label' },
  revision: {
    defaultMessage: 'Revision',
    id: 'T/psel',
    description: 'Record field label: the revision of a part',
  },
  description: { defaultMessage: 'Description', id: 'lvKCJW', description: 'Record field label' },
  type: { defaultMessage: 'Type', id: 'pHNgiU', description: "Record field label: the record's type" },
  tracking: {
    defaultMessage: 'Tracking',
    id: 'aCRHVC',
    description: 'Record field label: whether a part is tracked by serial or lot number',
  },
  sourcing: {
    defaultMessage: 'Sourcing',
    id: 'zTN/3p',
    description: 'Record field label: whether a part is made or bought',
  },
  cost: { defaultMessage: 'Cost', id: '8VgEz6', description: 'Record field label' },
  leadTime: {
    defaultMessage: 'Lead time',
    id: 'gOOi5d',
    description: 'Record field label: days a part takes to get',
  },
  created: {
    defaultMessage: 'Created',
    id: '3z0jnr',
    description: 'Record field label: when the record was created',
  },
  updated: {
    defaultMessage: 'Updated',
    id: 'Od3WGA',
    description: 'Record field label: when the record was last changed',
  },
  version: {
    defaultMessage: 'Version',
    id: 'S/HPWV',
    description: 'Record field label: the version of a procedure',
  },
  status: { defaultMessage: 'Status', id: '7yuX1A', description: 'Record field label' },
  quantity: {
    defaultMessage: 'Quantity',
    id: 'Yh9hQR',
    description: 'Record field label: how many a run builds',
  },
  complete: {
    defaultMessage: 'Complete',
    id: 'A5LUvZ',
    description: 'Record field label: how much of a run is done, in %',
  },
  due: { defaultMessage: 'Due', id: 'GADRm4', description: 'Record field label: when a run is due' },
  position: {
    defaultMessage: 'Position',
    id: '7PoZJ4',
    description: 'Record field label: the place of a step in its list',
  },
  value: {
    defaultMessage: 'Value',
    id: 'IyQEAH',
    description: 'Record field label: the value of a run step field',
  },
  unit: {
    defaultMessage: 'Unit',
    id: 'mz6V5e',
    description: 'Record field label: the unit of a value, e.g. mm',
  },
  required: {
    defaultMessage: 'Required',
    id: '/JZyHZ',
    description: 'Record field label: whether a field must be filled',
  },
  help: { defaultMessage: 'Help', id: 'Gu1vok', description: 'Record field label: the help text of a field' },
});

/** The headings of the groups of related records, and what each says when it is empty. */
const RELATED = defineMessages({
  runs: {
    defaultMessage: 'Runs, newest first',
    id: 'ylGaZb',
    description: 'Heading: the production runs of a record',
  },
  noRunOfPart: { defaultMessage: 'No run builds this part yet.', id: '+43zsu' },
  steps: { defaultMessage: 'Steps', id: 'Yi4ABH', description: 'Heading: the steps of a procedure' },
  noStepOfProcedure: { defaultMessage: 'This procedure has no steps.', id: 'hmmzq/' },
  noRunOfProcedure: { defaultMessage: 'No run follows this procedure yet.', id: 'du4YUm' },
  part: { defaultMessage: 'Part', id: 'qeOEDy', description: 'Heading: the part a production run builds' },
  noPart: { defaultMessage: 'This run has no part.', id: 'WBVkyR', description: 'run: a production run' },
  procedure: {
    defaultMessage: 'Procedure',
    id: 'J6Xbld',
    description: 'Heading: the procedure a run or step belongs to',
  },
  noProcedureOfRun: {
    defaultMessage: 'This run has no procedure.',
    id: 'X2gnJP',
    description: 'run: a production run',
  },
  runSteps: {
    defaultMessage: 'Run steps',
    id: 'Lsu2dA',
    description: 'Heading: the steps of a production run',
  },
  noStepOfRun: {
    defaultMessage: 'This run has no steps.',
    id: 'hGWcMu',
    description: 'run: a production run',
  },
  run: {
    defaultMessage: 'Run',
    id: 'AuvU+x',
    description: 'Heading: the production run a run step belongs to',
  },
  noRunOfStep: { defaultMessage: 'This step belongs to no run.', id: 'GSPH8j' },
  originStep: {
    defaultMessage: 'Procedure step it was made from',
    id: 'ObYGC/',
    description: 'Heading on a run step page',
  },
  noOriginStep: { defaultMessage: 'This run step was not made from a procedure step.', id: 'DqPkb4' },
  fields: { defaultMessage: 'Fields', id: 'bc5YQz', description: 'Heading: the fields of a run step' },
  noFields: { defaultMessage: 'This run step has no fields.', id: 'hmO998' },
  runStep: {
    defaultMessage: 'Run step',
    id: 'rpI8M+',
    description: 'Heading: the run step a field belongs to',
  },
  noRunStep: { defaultMessage: 'This field belongs to no run step.', id: 'CYRPZS' },
  noProcedureOfStep: { defaultMessage: 'This step belongs to no procedure.', id: 'EdV0qj' },
  madeFromIt: {
    defaultMessage: 'Run steps made from it, newest runs first',
    id: 'i4xRtq',
    description: 'Heading on a procedure step page: the run steps made from this step',
  },
  noRunHasStep: { defaultMessage: 'No run has this step yet.', id: 'P6ZzvL' },
});

/** A field's label and its value, already in the technician's words (null when the record has none). */
type FieldRow = readonly [label: MessageDescriptor, value: ReactNode];

/** A record's fields, then when it was created and last changed (every kind has both), labelled in `intl`'s words. */
function fields(
  intl: IntlShape,
  record: { _created?: string | null; _updated?: string | null },
  rows: FieldRow[],
): RecordField[] {
  const stamps: FieldRow[] = [
    [FIELD.created, formatDate(record._created, intl)],
    [FIELD.updated, formatDate(record._updated, intl)],
  ];
  return [...rows, ...stamps].map(([label, value]) => ({ label: intl.formatMessage(label), value }));
}

/** A group of related records: its heading, what it says when it has none, and them (and maybe more). */
type GroupRow = readonly [
  heading: MessageDescriptor,
  empty: MessageDescriptor,
  records: RelatedRecord[] | Pick<RelatedGroup, 'records' | 'more'>,
];

/** A record's groups of related records, their headings and empty states in `intl`'s words. */
function groups(intl: IntlShape, rows: GroupRow[]): RelatedGroup[] {
  return rows.map(([heading, empty, records]) => ({
    heading: intl.formatMessage(heading),
    empty: intl.formatMessage(empty),
    ...(Array.isArray(records) ? { records } : records),
  }));
}

/** A record with the runs its page's query asked for beside it (null when there is no record). */
function withRuns<R extends object, Runs>(record: R | null | undefined, runs: Runs) {
  return record && { ...record, runs };
}

/** The one related record there may be (a run's part), as a list of none or one. */
function one<T extends { id: number }>(
  kind: RecordKind,
  record: T | null | undefined,
  text: (record: T) => string,
): RelatedRecord[] {
  return record ? [{ kind, id: record.id, text: text(record) }] : [];
}

/** The related records of a list in which the API may leave holes (null items). */
function each<T extends { id: number }>(
  kind: RecordKind,
  list: readonly (T | null | undefined)[] | null | undefined,
  text: (item: T) => string,
): RelatedRecord[] {
  return (list ?? []).flatMap((item) => one(kind, item, text));
}

const RECORD_PAGES = {
  part: page(
    RECORD_QUERIES.part,
    (data) => withRuns(data.part, data.runs),
    (part, intl) => ({
      title: partRevision(part.partNumber, part.revision, intl),
      fields: fields(intl, part, [
        [FIELD.partNumber, part.partNumber],
        [FIELD.revision, part.revision],
        [FIELD.description, part.description],
        [FIELD.type, formatEnum(part.partType, intl)],
        [FIELD.tracking, formatEnum(part.trackingType, intl)],
        [FIELD.sourcing, formatEnum(part.sourcingStrategy, intl)],
        [FIELD.cost, formatNumber(part.cost, intl)],
        [FIELD.leadTime, days(part.leadTime, intl)],
      ]),
      related: groups(intl, [[RELATED.runs, RELATED.noRunOfPart, relatedRuns(part.runs, { part: part.id })]]),
      entity: part.entity,
    }),
  ),
  procedure: page(
    RECORD_QUERIES.procedure,
    (data) => withRuns(data.procedure, data.runs),
    (procedure, intl) => ({
      title: procedure.title,
      fields: fields(intl, procedure, [
        [FIELD.version, String(procedure.version)],
        [FIELD.status, formatEnum(procedure.status, intl)],
        [FIELD.type, formatEnum(procedure.type, intl)],
        [FIELD.description, procedure.description],
      ]),
      related: groups(intl, [
        [RELATED.steps, RELATED.noStepOfProcedure, each('step', procedure.steps, (step) => step.title)],
        [RELATED.runs, RELATED.noRunOfProcedure, relatedRuns(procedure.runs, { procedure: procedure.id })],
      ]),
      entity: procedure.entity,
    }),
  ),
  run: page(
    RECORD_QUERIES.run,
    (data) => data.run,
    (run, intl) => ({
      title: run.title,
      context: runContext(run, run.status, intl),
      summary: <RunStepsEvidence steps={(run.steps ?? []).flatMap((step) => (step ? [step] : []))} />,
      fields: fields(intl, run, [
        [FIELD.status, formatEnum(run.status, intl)],
        [FIELD.quantity, formatNumber(run.quantity, intl)],
        [FIELD.complete, percent(run.percentComplete, intl)],
        [FIELD.due, formatDate(run.dueDate, intl)],
        [FIELD.description, run.description],
      ]),
      related: groups(intl, [
        [
          RELATED.part,
          RELATED.noPart,
          one('part', runOrigin(run).part, (part) => partRevision(part.partNumber, part.revision, intl)),
        ],
        [
          RELATED.procedure,
          RELATED.noProcedureOfRun,
          one('procedure', runOrigin(run).procedure, (procedure) => procedureVersion(procedure, intl)),
        ],
        [RELATED.runSteps, RELATED.noStepOfRun, each('runStep', run.steps, (step) => stepText(step, intl))],
      ]),
      entity: run.entity,
    }),
  ),
  runStep: page(
    RECORD_QUERIES.runStep,
    (data) => data.runStep,
    (runStep, intl) => {
      const context = runStepContext(runStep, intl);
      return {
        title: runStep.title,
        context,
        summary: (
          <EvidenceSlots
            fields={(runStep.fields ?? []).flatMap((field) => (field ? [field] : []))}
            contextLine={context.line}
            facts={context.facts}
          />
        ),
        fields: fields(intl, runStep, [
          [FIELD.status, formatEnum(runStep.status, intl)],
          [FIELD.position, formatNumber(runStep.position, intl)],
        ]),
        related: groups(intl, [
          [RELATED.run, RELATED.noRunOfStep, one('run', runStep.run, (run) => run.title)],
          [RELATED.originStep, RELATED.noOriginStep, one('step', runStep.originStep, (step) => step.title)],
          [RELATED.fields, RELATED.noFields, each('runStepField', runStep.fields, (field) => field.name)],
        ]),
        entity: runStep.entity,
      };
    },
  ),
  runStepField: page(
    RECORD_QUERIES.runStepField,
    (data) => data.runStepField,
    (field, intl) => ({
      title: field.name,
      context: runStepFieldContext(field, intl),
      fields: fields(intl, field, [
        [FIELD.type, formatEnum(field.type, intl)],
        [FIELD.value, isEvidenceField(field) ? filesValue(field, intl) : formatScalar(field.value, intl)],
        [FIELD.unit, field.unit],
        [FIELD.required, formatYesNo(field.required, intl)],
        [FIELD.help, field.helpText],
      ]),
      related: groups(intl, [
        [RELATED.runStep, RELATED.noRunStep, one('runStep', field.step, (step) => step.title)],
      ]),
      entity: field.entity,
    }),
  ),
  step: page(
    RECORD_QUERIES.step,
    (data) => withRuns(data.step, data.runs),
    (step, intl) => ({
      title: step.title,
      fields: fields(intl, step, [
        [FIELD.position, formatNumber(step.position, intl)],
        [FIELD.type, formatEnum(step.type, intl)],
      ]),
      related: groups(intl, [
        [
          RELATED.procedure,
          RELATED.noProcedureOfStep,
          one('procedure', step.procedure, (procedure) => procedureVersion(procedure, intl)),
        ],
        [
          RELATED.madeFromIt,
          RELATED.noRunHasStep,
          (step.runs?.edges ?? []).flatMap((edge) => {
            const run = edge?.node;
            return run
              ? each('runStep', run.madeFromStep, (runStep) => runStepLinkText(run.title, runStep))
              : [];
          }),
        ],
      ]),
      entity: step.entity,
    }),
  ),
} satisfies Record<RecordKind, (props: { kind: RecordKind; rawId: string }) => ReactNode>;

/** The page of one kind of record, for the id in the URL as typed. */
export function RecordKindPage({ kind, rawId }: { kind: RecordKind; rawId: string }) {
  const Page = RECORD_PAGES[kind];
  return <Page kind={kind} rawId={rawId} />;
}

function stepText(step: { title: string; status?: string | null }, intl: IntlShape): string {
  const status = formatEnum(step.status, intl);
  return status
    ? intl.formatMessage(
        {
          defaultMessage: '{text} ({status})',
          id: '51SkMG',
          description:
            'A run or run step in a list of links, then its status: "SN 0041 · Machine (In progress)"',
        },
        { text: step.title, status },
      )
    : step.title;
}

/** A part's lead time: "14 days". */
function days(value: number | null | undefined, intl: IntlShape): string | null {
  if (value === null || value === undefined) return null;
  return intl.formatMessage(
    {
      defaultMessage: '{days, plural, one {# day} other {# days}}',
      id: 'LkdQB8',
      description: 'A lead time in days',
    },
    { days: value },
  );
}

/** How much of a run is done: "40%" (the API gives 0 to 100). */
function percent(value: number | null | undefined, intl: IntlShape): string | null {
  if (value === null || value === undefined) return null;
  return intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 3 });
}
