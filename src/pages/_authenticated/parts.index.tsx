import { createFileRoute } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { PartsBrowser } from '../../features/parts/PartsBrowser.tsx';
import { PARTS_SEARCH } from '../../features/parts/partsSearch.ts';
import { PartsListQuery } from '../../features/parts/partsListQuery.ts';
import { ListPage, listRoute } from '../-components/ListPage.tsx';
import { useListRoute } from '../../components/list/useListRoute.ts';

export const Route = createFileRoute('/_authenticated/parts/')({
  ...listRoute(PARTS_SEARCH, PartsListQuery),
  component: PartsPage,
});

function PartsPage() {
  return (
    <ListPage
      title={
        <FormattedMessage defaultMessage="Parts" id="OklU4Q" description="Title of the parts list page" />
      }
    >
      <PartsBrowser {...useListRoute(Route)} />
    </ListPage>
  );
}
