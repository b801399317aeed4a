import { createFileRoute } from '@tanstack/react-router';
import { PARTS_LIST } from '../../features/parts/index.ts';
import { ListKindPage, listRoute } from '../-components/ListPage.tsx';

export const Route = createFileRoute('/_authenticated/parts/')({
  ...listRoute(PARTS_LIST.search, PARTS_LIST.query),
  component: function PartsPage() {
    return <ListKindPage kind={PARTS_LIST} route={Route} />;
  },
});
