import { CombinedGraphQLErrors, type ApolloClient } from '@apollo/client';
import type { RecordKind } from '../../records/recordKinds.ts';
import { lookUpRecord } from '../../upload/apolloEntityLookup.ts';

/**
 * Whether the record of `kind` with `id` exists (and this person may see it): what a number with
 * leading zeros opens as an id only when it does. Asked with the upload queue's per-kind lookup (no
 * file is stored under an empty key, so the answer is the record alone). Throws when the API cannot
 * be asked.
 */
export async function recordExists(client: ApolloClient, kind: RecordKind, id: number): Promise<boolean> {
  try {
    return (await lookUpRecord(client, { kind, id }, '')) != null;
  } catch (error) {
    // The API answered, refusing it (an id it does not take, a record this person may not see).
    if (CombinedGraphQLErrors.is(error)) return false;
    throw error;
  }
}
