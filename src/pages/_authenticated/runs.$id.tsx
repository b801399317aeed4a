import { createFileRoute } from '@tanstack/react-router';
import { RecordPage } from '../-components/RecordPage.tsx';
import { prefetchRecord } from '../../features/record-view/prefetchRecord.ts';
import { formatDate, formatEnum, formatNumber } from '../../components/formatValue.ts';
import { graphql } from '../../graphql/generated/index.ts';
import { runContext } from '../../features/record-view/recordContext.ts';
import { RunStepsEvidence } from '../../features/evidence/RunStepsEvidence.tsx';

const RunRecordQuery = graphql(`
  query RunRecord($id: ID!) {
    run(id: $id) {
      id
      title
      status
      quantity
      dueDate
      percentComplete
      description
      _created
      _updated
      ...RunPlace
      part {
        id
        partNumber
        revision
      }
      procedure {
        id
        title
        version
      }
      steps {
        id
        title
        status
        ...StepEvidence
      }
      entity {
        id
        ...RecordAttachments
      }
    }
  }
`);

export const Route = createFileRoute('/_authenticated/runs/$id')({
  loader: ({ context, params }) => prefetchRecord(context.apolloClient, RunRecordQuery, params.id),
  component: RunPage,
});

function RunPage() {
  const { id } = Route.useParams();
  return (
    <RecordPage
      kind="run"
      rawId={id}
      query={RunRecordQuery}
      select={(data) => data.run}
      view={(run) => ({
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
      })}
    />
  );
}

function stepText(step: { title: string; status?: string | null }): string {
  const status = formatEnum(step.status);
  return status ? `${step.title} (${status})` : step.title;
}
