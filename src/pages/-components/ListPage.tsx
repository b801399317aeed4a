import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { Stack, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { ListKindBrowser } from '../../components/list/ListKindBrowser.tsx';
import type { ListKind } from '../../components/list/listKind.ts';
import type { ListSearch } from '../../components/list/listSearch.ts';
import { useListRoute, type ListRouteApi } from '../../components/list/useListRoute.ts';

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

/** A list kind's page (the parts, the runs): its title, then its list on the route's URL state. */
export function ListKindPage<S extends ListSearch<string>, R extends { id: number }>({
  kind,
  route,
}: {
  kind: ListKind<S, R>;
  route: ListRouteApi<S>;
}) {
  const intl = useIntl();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {intl.formatMessage(kind.title)}
      </Title>
      <ListKindBrowser kind={kind} {...useListRoute(route)} />
    </Stack>
  );
}
