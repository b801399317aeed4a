import { graphql } from '../../graphql/generated/index.ts';

/**
 * A page of runs. `missingEvidence` lists, per run, only the steps with a required FILE_ATTACHMENT
 * field that holds no file: the row shows how many, without reading every field of every step.
 */
export const RunsListQuery = graphql(`
  query RunsList(
    $filters: RunsInputFilters
    $sort: [RunSortEnum]
    $first: Int
    $after: String
    $last: Int
    $before: String
  ) {
    runs(filters: $filters, sort: $sort, first: $first, after: $after, last: $last, before: $before) {
      pageInfo {
        ...ListPageInfo
      }
      edges {
        cursor
        node {
          ...RunRow
        }
      }
    }
  }
`);

export const RunRowFields = graphql(`
  fragment RunRow on Run {
    id
    title
    status
    _created
    part {
      id
      partNumber
      revision
    }
    procedure {
      id
      title
    }
    missingEvidence: steps(
      filters: {
        fields: { type: { eq: FILE_ATTACHMENT }, required: { eq: true }, fileAttachmentId: { isnull: true } }
      }
    ) {
      id
    }
  }
`);
