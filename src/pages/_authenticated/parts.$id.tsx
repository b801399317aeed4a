import { createFileRoute } from '@tanstack/react-router';
import { RecordPage } from '../-components/RecordPage.tsx';
import { prefetchRecord } from '../../features/record-view/prefetchRecord.ts';
import { formatDate, formatEnum, formatNumber } from '../../components/formatValue.ts';
import { graphql } from '../../graphql/generated/index.ts';
import { relatedRuns } from '../../features/runs/relatedRuns.tsx';

const PartRecordQuery = graphql(`
  query PartRecord($id: ID!) {
    part(id: $id) {
      id
      partNumber
      revision
      description
      partType
      trackingType
      sourcingStrategy
      cost
      leadTime
      _created
      _updated
      entity {
        id
        ...RecordAttachments
      }
    }
    runs(filters: { partId: { eq: $id } }, sort: [_CREATED_DESC], first: 10) {
      ...RelatedRuns
    }
  }
`);

export const Route = createFileRoute('/_authenticated/parts/$id')({
  loader: ({ context, params }) => prefetchRecord(context.apolloClient, PartRecordQuery, params.id),
  component: PartPage,
});

function PartPage() {
  const { id } = Route.useParams();
  return (
    <RecordPage
      kind="part"
      rawId={id}
      query={PartRecordQuery}
      select={(data) => data.part && { ...data.part, runs: data.runs }}
      view={(part) => ({
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
      })}
    />
  );
}
