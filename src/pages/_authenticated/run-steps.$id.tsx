import { createFileRoute } from '@tanstack/react-router';
import { RecordPage } from '../-components/RecordPage.tsx';
import { prefetchRecord } from '../../features/record-view/prefetchRecord.ts';
import { formatDate, formatEnum, formatNumber } from '../../components/formatValue.ts';
import { graphql } from '../../graphql/generated/index.ts';
import { runStepContext } from '../../features/record-view/recordContext.ts';
import { EvidenceSlots } from '../../features/evidence/EvidenceSlots.tsx';

const RunStepRecordQuery = graphql(`
  query RunStepRecord($id: ID!) {
    runStep(id: $id) {
      id
      title
      status
      position
      _created
      _updated
      ...StepPlace
      run {
        id
        title
      }
      originStep {
        id
        title
      }
      fields {
        id
        name
        ...EvidenceSlot
      }
      entity {
        id
        ...RecordAttachments
      }
    }
  }
`);

export const Route = createFileRoute('/_authenticated/run-steps/$id')({
  loader: ({ context, params }) => prefetchRecord(context.apolloClient, RunStepRecordQuery, params.id),
  component: RunStepPage,
});

function RunStepPage() {
  const { id } = Route.useParams();
  return (
    <RecordPage
      kind="runStep"
      rawId={id}
      query={RunStepRecordQuery}
      select={(data) => data.runStep}
      view={(runStep) => {
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
      }}
    />
  );
}
