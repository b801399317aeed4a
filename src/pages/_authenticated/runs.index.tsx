import { createFileRoute } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { RunsBrowser } from '../../features/runs/RunsBrowser.tsx';
import { RUNS_SEARCH } from '../../features/runs/runsSearch.ts';
import { RunsListQuery } from '../../features/runs/runsListQuery.ts';
import { ListPage, listRoute } from '../-components/ListPage.tsx';
import { useListRoute } from '../../components/list/useListRoute.ts';

export const Route = createFileRoute('/_authenticated/runs/')({
  ...listRoute(RUNS_SEARCH, RunsListQuery),
  component: RunsPage,
});

function RunsPage() {
  return (
    <ListPage
      title={
        <FormattedMessage
          defaultMessage="Runs"
          id="2a414o"
          description="Title of the runs list page (production runs)"
        />
      }
    >
      <RunsBrowser {...useListRoute(Route)} />
    </ListPage>
  );
}
