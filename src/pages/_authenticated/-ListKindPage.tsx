import { useIntl } from 'react-intl';
import { ListKindBrowser } from '../../components/list/ListKindBrowser.tsx';
import type { ListKind } from '../../components/list/listKind.ts';
import type { ListSearch } from '../../components/list/listSearch.ts';
import { useListRoute, type ListRouteApi } from '../../components/list/useListRoute.ts';
import { ListPage } from '../-components/ListPage.tsx';

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
    <ListPage title={intl.formatMessage(kind.title)}>
      <ListKindBrowser kind={kind} {...useListRoute(route)} />
    </ListPage>
  );
}
