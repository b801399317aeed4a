/**
 * The GraphQL documents of ION's example scripts (FirstResonance/ion-examples, queries.py) that stay
 * within the sandbox's part of the schema: the same operations, fields and variables.
 */

/** Runs, filtered and sorted (alter_completed_runs.py). */
export const GET_RUNS = `
  query GetRuns($filters: RunsInputFilters, $sort: [RunSortEnum]) {
    runs(sort: $sort, filters: $filters) {
      edges { node { id title procedureId } }
    }
  }
`;

/** A run's steps with their entity ids (attach_file_to_run.py). */
export const GET_RUN = `
  query GetRun($id: ID!) {
    run(id: $id) {
      id
      steps { id position entityId }
    }
  }
`;

/** The old one-step attach: create the record, get an upload URL back (attach_file_to_run.py). */
export const CREATE_FILE_ATTACHMENT = `
  mutation CreateFileAttachment($input: CreateFileAttachmentInput!) {
    createFileAttachment(input: $input) {
      fileAttachment { id entityId filename contentType s3Bucket }
      uploadUrl
    }
  }
`;

/** One attachment and where to fetch it (procedure_export.py). */
export const GET_FILE_ATTACHMENT = `
  query FileAttachment($id: ID!) {
    fileAttachment(id: $id) {
      downloadUrl filename id integrationFetchUrl integrationId s3Bucket s3Key url
    }
  }
`;
