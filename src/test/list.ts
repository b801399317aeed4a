/** A cursor list's page info as the API sends it: more after this page, none before. */
export function testPageInfo(totalCount: number) {
  return {
    __typename: 'IonPageInfo' as const,
    hasNextPage: true,
    hasPreviousPage: false,
    startCursor: 'c1',
    endCursor: 'c2',
    totalCount,
  };
}
