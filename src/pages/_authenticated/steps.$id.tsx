import { createFileRoute } from '@tanstack/react-router';
import { RecordPage } from '../-components/RecordPage.tsx';
import { prefetchRecord } from '../../features/record-view/prefetchRecord.ts';
import { formatDate, formatEnum, formatNumber } from '../../components/formatValue.ts';
import { graphql } from '../../graphql/generated/index.ts';
import { runStepLinkText } from '../../features/runs/relatedRuns.tsx';

const StepRecordQuery = graphql(`
  query StepRecord($id: ID!) {
    step(id: $id) {
      id
      title
      position
      type
      _created
      _updated
      procedure {
        id
        title
        version
      }
      entity {
        id
        ...RecordAttachments
      }
    }
    runs(filters: { steps: { originStepId: { eq: $id } } }, sort: [_CREATED_DESC], first: 10) {
      edges {
        node {
          id
          title
          madeFromStep: steps(filters: { originStepId: { eq: $id } }) {
            id
            title
            status
          }
        }
      }
    }
  }
`);

export const Route = createFileRoute('/_authenticated/steps/$id')({
  loader: ({ context, params }) => prefetchRecord(context.apolloClient, StepRecordQuery, params.id),
  component: StepPage,
});

function StepPage() {
  const { id } = Route.useParams();
  return (
    <RecordPage
      kind="step"
      rawId={id}
      query={StepRecordQuery}
      select={(data) => data.step && { ...data.step, runs: data.runs }}
      view={(step) => ({
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
      })}
    />
  );
}
