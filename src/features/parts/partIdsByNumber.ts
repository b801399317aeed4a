import type { ApolloClient } from '@apollo/client';
import { graphql } from '../../graphql/generated/index.ts';
import { likeExact } from '../../components/list/likePatterns.ts';

const PartIdsByNumberQuery = graphql(`
  query PartIdsByNumber($filters: PartsInputFilters) {
    parts(filters: $filters, first: 2) {
      edges {
        node {
          id
        }
      }
    }
  }
`);

/**
 * Ids of the parts whose number is `partNumber` in any letter case; at most two, since the caller only
 * needs to know whether exactly one matches. Throws when the API cannot be asked.
 */
export async function partIdsByNumber(client: ApolloClient, partNumber: string): Promise<number[]> {
  const { data } = await client.query({
    query: PartIdsByNumberQuery,
    variables: { filters: { partNumber: { ilike: likeExact(partNumber) } } },
    fetchPolicy: 'network-only',
  });
  return (data?.parts?.edges ?? []).flatMap((edge) => (edge?.node ? [edge.node.id] : []));
}
