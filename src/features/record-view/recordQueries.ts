import type { TypedDocumentNode } from '@apollo/client';
import { graphql } from '../../graphql/generated/index.ts';
import type { RecordKind } from '../../records/recordKinds.ts';

// What each kind's page asks for. The route's loader asks it as soon as the URL is chosen and the
// page's own query (recordPages.tsx) joins that request, so both read these documents.

export const PartRecordQuery = graphql(`
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

export const ProcedureRecordQuery = graphql(`
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

export const RunRecordQuery = graphql(`
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
      ...RunOrigin
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

export const RunStepRecordQuery = graphql(`
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

export const RunStepFieldRecordQuery = graphql(`
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

export const StepRecordQuery = graphql(`
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

/** Each kind's page query, by kind: the loaders take it from here, the pages from recordPages.tsx. */
export const RECORD_QUERIES = {
  part: PartRecordQuery,
  procedure: ProcedureRecordQuery,
  run: RunRecordQuery,
  runStep: RunStepRecordQuery,
  runStepField: RunStepFieldRecordQuery,
  step: StepRecordQuery,
} satisfies Record<RecordKind, TypedDocumentNode<unknown, { id: string }>>;
