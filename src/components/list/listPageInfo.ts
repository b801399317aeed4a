import { graphql } from '../../graphql/generated/index.ts';

/** What a list's pager needs of a connection: `pageInfo { ...ListPageInfo }`. */
export const ListPageInfoFields = graphql(`
  fragment ListPageInfo on IonPageInfo {
    hasNextPage
    hasPreviousPage
    startCursor
    endCursor
    totalCount
  }
`);
