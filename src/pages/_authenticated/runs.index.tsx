import { createFileRoute } from '@tanstack/react-router';
import { RUNS_LIST } from '../../features/runs/index.ts';
import { ListKindPage, listRoute } from '../-components/ListPage.tsx';

export const Route = createFileRoute('/_authenticated/runs/')({
  ...listRoute(RUNS_LIST.search, RUNS_LIST.query),
  component: function RunsPage() {
    return <ListKindPage kind={RUNS_LIST} route={Route} />;
  },
});
