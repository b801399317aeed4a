import { createFileRoute } from '@tanstack/react-router';
import { RecordPage } from '../-components/RecordPage.tsx';
import { prefetchRecord } from '../../features/record-view/prefetchRecord.ts';
import { formatDate, formatEnum, formatScalar } from '../../components/formatValue.ts';
import { graphql } from '../../graphql/generated/index.ts';
import { runStepFieldContext } from '../../features/record-view/recordContext.ts';
import { isEvidenceField } from '../../features/evidence/evidenceState.ts';
import { filesValue } from '../-components/filesValue.ts';

const RunStepFieldRecordQuery = graphql(`
  query RunStepFieldRecord($id: ID!) {
    runStepField(id: $id) {
      id
      name
      type
      value
      unit
      required
      helpText
      fileAttachmentId
      _created
      _updated
      step {
        id
        title
        ...StepPlace
      }
      entity {
        id
        ...RecordAttachments
      }
    }
  }
`);

export const Route = createFileRoute('/_authenticated/run-step-fields/$id')({
  loader: ({ context, params }) => prefetchRecord(context.apolloClient, RunStepFieldRecordQuery, params.id),
  component: RunStepFieldPage,
});

function RunStepFieldPage() {
  const { id } = Route.useParams();
  return (
    <RecordPage
      kind="runStepField"
      rawId={id}
      query={RunStepFieldRecordQuery}
      select={(data) => data.runStepField}
      view={(field) => ({
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
      })}
    />
  );
}
