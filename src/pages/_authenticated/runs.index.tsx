import { createFileRoute } from '@tanstack/react-router';
import { Stack, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { RunsBrowser } from '../../features/runs/RunsBrowser.tsx';
import { firstRunsPage, runsVariables, validateRunsSearch } from '../../features/runs/runsSearch.ts';
import { RunsListQuery } from '../../features/runs/runsListQuery.ts';

export const Route = createFileRoute('/_authenticated/runs/')({
  validateSearch: validateRunsSearch,
  // As the parts list: asks for the rows as soon as the URL changes, not after the page has rendered.
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    context.apolloClient
      .query({ query: RunsListQuery, variables: runsVariables(deps) })
      .catch(() => undefined);
  },
  component: RunsPage,
});

function RunsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <FormattedMessage
          defaultMessage="Runs"
          id="2a414o"
          description="Title of the runs list page (production runs)"
        />
      </Title>
      <RunsBrowser
        search={search}
        onNavigate={(next, replace) => void navigate({ search: next, replace })}
        onCriteria={(change, replace) => void navigate({ search: firstRunsPage(search, change), replace })}
      />
    </Stack>
  );
}
