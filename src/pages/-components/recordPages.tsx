import type { ReactNode } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { RecordPage, type RecordView } from './RecordPage.tsx';
import { RECORD_QUERIES } from './recordQueries.ts';
import type { RecordKind } from '../../records/recordKinds.ts';
import { formatDate, formatEnum, formatNumber, formatScalar } from '../../components/formatValue.ts';
import { EvidenceSlots } from '../../features/evidence/EvidenceSlots.tsx';
import { RunStepsEvidence } from '../../features/evidence/RunStepsEvidence.tsx';
import { filesValue } from './filesValue.ts';
import { isEvidenceField } from '../../features/evidence/evidenceState.ts';
import { runContext, runStepContext, runStepFieldContext } from '../../features/record-view/recordContext.ts';
import { relatedRuns, runStepLinkText } from '../../features/runs/relatedRuns.tsx';

/**
 * The six kinds of record page in one table: what each shows of its record (title, where it sits in
 * the work, fields, links to related records). RecordPage does the rest (states, layout, attachments).
 * A new kind of record gets its query in recordQueries.ts and its page here; the compiler asks for both.
 */
function page<TData, TRecord>(
  query: TypedDocumentNode<TData, { id: string }>,
  select: (data: TData) => TRecord | null | undefined,
  view: (record: TRecord) => RecordView,
) {
  return function KindPage({ kind, rawId }: { kind: RecordKind; rawId: string }) {
    return <RecordPage kind={kind} rawId={rawId} query={query} select={select} view={view} />;
  };
}

const RECORD_PAGES = {
  part: page(
    RECORD_QUERIES.part,
    (data) => data.part && { ...data.part, runs: data.runs },
    (part) => ({
      title: `${part.partNumber} rev ${part.revision}`,
      fields: [
        { label: 'Part number', value: part.partNumber },
        { label: 'Revision', value: part.revision },
        { label: 'Description', value: part.description },
        { label: 'Type', value: formatEnum(part.partType) },
        { label: 'Tracking', value: formatEnum(part.trackingType) },
        { label: 'Sourcing', value: formatEnum(part.sourcingStrategy) },
        { label: 'Cost', value: formatNumber(part.cost) },
        { label: 'Lead time', value: formatNumber(part.leadTime, ' days') },
        { label: 'Created', value: formatDate(part._created) },
        { label: 'Updated', value: formatDate(part._updated) },
      ],
      related: [
        {
          heading: 'Runs, newest first',
          empty: 'No run builds this part yet.',
          ...relatedRuns(part.runs, { part: part.id }),
        },
      ],
      entity: part.entity,
    }),
  ),
  procedure: page(
    RECORD_QUERIES.procedure,
    (data) => data.procedure && { ...data.procedure, runs: data.runs },
    (procedure) => ({
      title: procedure.title,
      fields: [
        { label: 'Version', value: String(procedure.version) },
        { label: 'Status', value: formatEnum(procedure.status) },
        { label: 'Type', value: formatEnum(procedure.type) },
        { label: 'Description', value: procedure.description },
        { label: 'Created', value: formatDate(procedure._created) },
        { label: 'Updated', value: formatDate(procedure._updated) },
      ],
      related: [
        {
          heading: 'Steps',
          empty: 'This procedure has no steps.',
          records: (procedure.steps ?? []).flatMap((step) =>
            step
              ? [
                  {
                    kind: 'step' as const,
                    id: step.id,
                    text: step.title,
                  },
                ]
              : [],
          ),
        },
        {
          heading: 'Runs, newest first',
          empty: 'No run follows this procedure yet.',
          ...relatedRuns(procedure.runs, { procedure: procedure.id }),
        },
      ],
      entity: procedure.entity,
    }),
  ),
  run: page(
    RECORD_QUERIES.run,
    (data) => data.run,
    (run) => ({
      title: run.title,
      context: runContext(run, run.status),
      summary: <RunStepsEvidence steps={(run.steps ?? []).flatMap((step) => (step ? [step] : []))} />,
      fields: [
        { label: 'Status', value: formatEnum(run.status) },
        { label: 'Quantity', value: formatNumber(run.quantity) },
        { label: 'Complete', value: formatNumber(run.percentComplete, '%') },
        { label: 'Due', value: formatDate(run.dueDate) },
        { label: 'Description', value: run.description },
        { label: 'Created', value: formatDate(run._created) },
        { label: 'Updated', value: formatDate(run._updated) },
      ],
      related: [
        {
          heading: 'Part',
          empty: 'This run has no part.',
          records: run.part
            ? [{ kind: 'part', id: run.part.id, text: `${run.part.partNumber} rev ${run.part.revision}` }]
            : [],
        },
        {
          heading: 'Procedure',
          empty: 'This run has no procedure.',
          records: run.procedure
            ? [
                {
                  kind: 'procedure',
                  id: run.procedure.id,
                  text: `${run.procedure.title} v${run.procedure.version}`,
                },
              ]
            : [],
        },
        {
          heading: 'Run steps',
          empty: 'This run has no steps.',
          records: (run.steps ?? []).flatMap((step) =>
            step ? [{ kind: 'runStep' as const, id: step.id, text: stepText(step) }] : [],
          ),
        },
      ],
      entity: run.entity,
    }),
  ),
  runStep: page(
    RECORD_QUERIES.runStep,
    (data) => data.runStep,
    (runStep) => {
      const context = runStepContext(runStep);
      return {
        title: runStep.title,
        context,
        summary: (
          <EvidenceSlots
            fields={(runStep.fields ?? []).flatMap((field) => (field ? [field] : []))}
            contextLine={context.line}
          />
        ),
        fields: [
          { label: 'Status', value: formatEnum(runStep.status) },
          { label: 'Position', value: formatNumber(runStep.position) },
          { label: 'Created', value: formatDate(runStep._created) },
          { label: 'Updated', value: formatDate(runStep._updated) },
        ],
        related: [
          {
            heading: 'Run',
            empty: 'This step belongs to no run.',
            records: runStep.run ? [{ kind: 'run', id: runStep.run.id, text: runStep.run.title }] : [],
          },
          {
            heading: 'Procedure step it was made from',
            empty: 'This run step was not made from a procedure step.',
            records: runStep.originStep
              ? [{ kind: 'step', id: runStep.originStep.id, text: runStep.originStep.title }]
              : [],
          },
          {
            heading: 'Fields',
            empty: 'This run step has no fields.',
            records: (runStep.fields ?? []).flatMap((field) =>
              field ? [{ kind: 'runStepField' as const, id: field.id, text: field.name }] : [],
            ),
          },
        ],
        entity: runStep.entity,
      };
    },
  ),
  runStepField: page(
    RECORD_QUERIES.runStepField,
    (data) => data.runStepField,
    (field) => ({
      title: field.name,
      context: runStepFieldContext(field),
      fields: [
        { label: 'Type', value: formatEnum(field.type) },
        { label: 'Value', value: isEvidenceField(field) ? filesValue(field) : formatScalar(field.value) },
        { label: 'Unit', value: field.unit },
        { label: 'Required', value: field.required ? 'Yes' : 'No' },
        { label: 'Help', value: field.helpText },
        { label: 'Created', value: formatDate(field._created) },
        { label: 'Updated', value: formatDate(field._updated) },
      ],
      related: [
        {
          heading: 'Run step',
          empty: 'This field belongs to no run step.',
          records: field.step ? [{ kind: 'runStep', id: field.step.id, text: field.step.title }] : [],
        },
      ],
      entity: field.entity,
    }),
  ),
  step: page(
    RECORD_QUERIES.step,
    (data) => data.step && { ...data.step, runs: data.runs },
    (step) => ({
      title: step.title,
      fields: [
        { label: 'Position', value: formatNumber(step.position) },
        { label: 'Type', value: formatEnum(step.type) },
        { label: 'Created', value: formatDate(step._created) },
        { label: 'Updated', value: formatDate(step._updated) },
      ],
      related: [
        {
          heading: 'Procedure',
          empty: 'This step belongs to no procedure.',
          records: step.procedure
            ? [
                {
                  kind: 'procedure',
                  id: step.procedure.id,
                  text: `${step.procedure.title} v${step.procedure.version}`,
                },
              ]
            : [],
        },
        {
          heading: 'Run steps made from it, newest runs first',
          empty: 'No run has this step yet.',
          records: (step.runs?.edges ?? []).flatMap((edge) =>
            (edge?.node?.madeFromStep ?? []).flatMap((runStep) =>
              runStep && edge?.node
                ? [
                    {
                      kind: 'runStep' as const,
                      id: runStep.id,
                      text: runStepLinkText(edge.node.title, runStep),
                    },
                  ]
                : [],
            ),
          ),
        },
      ],
      entity: step.entity,
    }),
  ),
} satisfies Record<RecordKind, (props: { kind: RecordKind; rawId: string }) => ReactNode>;

/** The page of one kind of record, for the id in the URL as typed. */
export function RecordKindPage({ kind, rawId }: { kind: RecordKind; rawId: string }) {
  const Page = RECORD_PAGES[kind];
  return <Page kind={kind} rawId={rawId} />;
}

function stepText(step: { title: string; status?: string | null }): string {
  const status = formatEnum(step.status);
  return status ? `${step.title} (${status})` : step.title;
}
