import { createFileRoute } from '@tanstack/react-router';
import { RUNS_LIST } from '../../features/runs/runsList.tsx';
import { listRoute } from '../-components/ListPage.tsx';
import { ListKindPage } from './-ListKindPage.tsx';

export const Route = createFileRoute('/_authenticated/runs/')({
  ...listRoute(RUNS_LIST.search, RUNS_LIST.query),
  component: function RunsPage() {
    return <ListKindPage kind={RUNS_LIST} route={Route} />;
  },
});
