import type { ApolloClient, TypedDocumentNode } from '@apollo/client';
import { parseRouteId } from '../../records/recordKinds.ts';

/** The record query's variables: the page's own query and the prefetch must ask the same thing. */
export const recordVariables = (id: number) => ({ id: String(id) });

/**
 * A record route's loader: asks for the record as soon as the URL is chosen (and on hover or touch of a
 * link, through intent preloading), in parallel with loading the page's code. Not awaited; the page's
 * own query joins the request in flight or reads the cache, and shows any failure in place.
 */
export function prefetchRecord<TData>(
  client: ApolloClient,
  query: TypedDocumentNode<TData, { id: string }>,
  rawId: string,
): void {
  const id = parseRouteId(rawId);
  if (id === null) return;
  client.query({ query, variables: recordVariables(id) }).catch(() => undefined);
}
