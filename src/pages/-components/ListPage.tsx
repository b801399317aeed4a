import type { ReactNode } from 'react';
import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { Stack, Title } from '@mantine/core';

/**
 * A list route's loader: asks for the rows as soon as the URL changes (and on hover or touch of a
 * link, through intent preloading) instead of after the page's code has loaded and rendered; the
 * list's own query then joins the request in flight or reads the cache. Not awaited: the page shows
 * its loading state, and a failure is the list's to show in place.
 */
export function preloadList<TData, TVariables extends OperationVariables>(
  client: ApolloClient,
  query: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
): void {
  client.query({ query, variables } as ApolloClient.QueryOptions<TData, TVariables>).catch(() => undefined);
}

/**
 * A list route's search and loader options: the URL's search checked by the list's `validate`, and
 * the rows for it preloaded (preloadList) with the list's `query`.
 */
export function listRoute<S, TData, TVariables extends OperationVariables>(
  list: { validate(raw: Record<string, unknown>): S; variables(search: S): NoInfer<TVariables> },
  query: TypedDocumentNode<TData, TVariables>,
) {
  return {
    validateSearch: (raw: Record<string, unknown>) => list.validate(raw),
    loaderDeps: ({ search }: { search: S }) => search,
    loader: ({ context, deps }: { context: { apolloClient: ApolloClient }; deps: S }) =>
      preloadList(context.apolloClient, query, list.variables(deps)),
  };
}

/** A list page: its title, then the list (search, filters, rows, pager). */
export function ListPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
