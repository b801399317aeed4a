import { createFileRoute } from '@tanstack/react-router';
import { Stack, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { PartsBrowser } from '../../features/parts/PartsBrowser.tsx';
import { firstPage, partsVariables, validatePartsSearch } from '../../features/parts/partsSearch.ts';
import { PartsListQuery } from '../../features/parts/partsListQuery.ts';

export const Route = createFileRoute('/_authenticated/parts/')({
  validateSearch: validatePartsSearch,
  // Asks for the rows as soon as the URL changes (and on hover or touch of a link, through intent
  // preloading) instead of after the page's code has loaded and rendered; the list's own query then
  // joins the request in flight or reads the cache. Not awaited: the page shows its loading state,
  // and a failure is the list's to show in place.
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    context.apolloClient
      .query({ query: PartsListQuery, variables: partsVariables(deps) })
      .catch(() => undefined);
  },
  component: PartsPage,
});

function PartsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <FormattedMessage defaultMessage="Parts" id="OklU4Q" description="Title of the parts list page" />
      </Title>
      <PartsBrowser
        search={search}
        onNavigate={(next, replace) => void navigate({ search: next, replace })}
        onCriteria={(change, replace) => void navigate({ search: firstPage(search, change), replace })}
      />
    </Stack>
  );
}
