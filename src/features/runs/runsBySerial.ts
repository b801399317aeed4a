import type { ApolloClient } from '@apollo/client';
import { graphql } from '../../graphql/generated/index.ts';
import { serialTitleFilter } from './runsSearch.ts';
import { titleNamesSerial, type SerialKind } from '../../records/serialNumbers.ts';

const RunsBySerialQuery = graphql(`
  query RunsBySerial($filters: RunsInputFilters) {
    runs(filters: $filters, sort: [_CREATED_DESC], first: 50) {
      edges {
        node {
          id
          title
          status
          part {
            id
            partNumber
            revision
          }
          procedure {
            id
            title
          }
        }
      }
    }
  }
`);

/** A run a serial or lot number names, as a choice between several shows it. */
export interface SerialMatch {
  id: number;
  title: string;
  status: string | null;
  part: { partNumber: string; revision: string } | null;
  procedure: string | null;
}

/**
 * Runs whose title names this serial or lot number, whole (`SN 0041` is not `SN 00410`), newest
 * first. `kind` null: a bare value, which may be either. Throws when the API cannot be asked.
 */
export async function runsBySerial(
  client: ApolloClient,
  value: string,
  kind: SerialKind | null,
): Promise<SerialMatch[]> {
  const { data } = await client.query({
    query: RunsBySerialQuery,
    variables: { filters: serialTitleFilter(value, kind) },
    fetchPolicy: 'network-only',
  });
  return (data?.runs?.edges ?? []).flatMap((edge) => {
    const run = edge?.node;
    if (!run || !titleNamesSerial(run.title, value, kind)) return [];
    return [
      {
        id: run.id,
        title: run.title,
        status: run.status ?? null,
        part: run.part ? { partNumber: run.part.partNumber, revision: run.part.revision } : null,
        procedure: run.procedure?.title ?? null,
      },
    ];
  });
}
