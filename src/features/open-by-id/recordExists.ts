import { CombinedGraphQLErrors, type ApolloClient, type TypedDocumentNode } from '@apollo/client';
import { graphql } from '../../graphql/generated/index.ts';
import type { RecordKind } from '../../records/recordKinds.ts';

// Only the id: whether a record with that id is there for this person, nothing more.
const EXISTS_QUERIES = {
  part: graphql(`
    query PartExists($id: ID!) {
      part(id: $id) {
        id
      }
    }
  `),
  run: graphql(`
    query RunExists($id: ID!) {
      run(id: $id) {
        id
      }
    }
  `),
  procedure: graphql(`
    query ProcedureExists($id: ID!) {
      procedure(id: $id) {
        id
      }
    }
  `),
  step: graphql(`
    query StepExists($id: ID!) {
      step(id: $id) {
        id
      }
    }
  `),
  runStep: graphql(`
    query RunStepExists($id: ID!) {
      runStep(id: $id) {
        id
      }
    }
  `),
  runStepField: graphql(`
    query RunStepFieldExists($id: ID!) {
      runStepField(id: $id) {
        id
      }
    }
  `),
} satisfies Record<
  RecordKind,
  TypedDocumentNode<Record<string, { id: unknown } | null | undefined>, { id: string }>
>;

/**
 * Whether the record of `kind` with `id` exists (and this person may see it): what a number with
 * leading zeros opens as an id only when it does. Throws when the API cannot be asked.
 */
export async function recordExists(client: ApolloClient, kind: RecordKind, id: number): Promise<boolean> {
  try {
    const { data } = await client.query({
      query: EXISTS_QUERIES[kind],
      variables: { id: String(id) },
      fetchPolicy: 'network-only',
    });
    return Object.values(data ?? {}).some((record) => record != null && typeof record === 'object');
  } catch (error) {
    // The API answered, refusing it (an id it does not take, a record this person may not see).
    if (CombinedGraphQLErrors.is(error)) return false;
    throw error;
  }
}
