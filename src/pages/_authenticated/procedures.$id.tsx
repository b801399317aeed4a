import { createFileRoute } from '@tanstack/react-router';
import { RecordPage } from '../-components/RecordPage.tsx';
import { prefetchRecord } from '../../features/record-view/prefetchRecord.ts';
import { formatDate, formatEnum } from '../../components/formatValue.ts';
import { graphql } from '../../graphql/generated/index.ts';
import { relatedRuns } from '../../features/runs/relatedRuns.tsx';

const ProcedureRecordQuery = graphql(`
  query ProcedureRecord($id: ID!) {
    procedure(id: $id) {
      id
      title
      version
      status
      type
      description
      _created
      _updated
      steps {
        id
        title
      }
      entity {
        id
        ...RecordAttachments
      }
    }
    runs(filters: { procedureId: { eq: $id } }, sort: [_CREATED_DESC], first: 10) {
      ...RelatedRuns
    }
  }
`);

export const Route = createFileRoute('/_authenticated/procedures/$id')({
  loader: ({ context, params }) => prefetchRecord(context.apolloClient, ProcedureRecordQuery, params.id),
  component: ProcedurePage,
});

function ProcedurePage() {
  const { id } = Route.useParams();
  return (
    <RecordPage
      kind="procedure"
      rawId={id}
      query={ProcedureRecordQuery}
      select={(data) => data.procedure && { ...data.procedure, runs: data.runs }}
      view={(procedure) => ({
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
      })}
    />
  );
}
