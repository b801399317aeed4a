import { graphql } from '../../graphql/generated/index.ts';

export const PartsListQuery = graphql(`
  query PartsList(
    $filters: PartsInputFilters
    $sort: [PartSortEnum]
    $first: Int
    $after: String
    $last: Int
    $before: String
  ) {
    parts(filters: $filters, sort: $sort, first: $first, after: $after, last: $last, before: $before) {
      pageInfo {
        ...ListPageInfo
      }
      edges {
        cursor
        node {
          id
          partNumber
          revision
          description
          partType
        }
      }
    }
  }
`);
