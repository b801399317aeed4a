import { createFileRoute } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { PartsBrowser } from '../../features/parts/PartsBrowser.tsx';
import { partsVariables, validatePartsSearch } from '../../features/parts/partsSearch.ts';
import { PartsListQuery } from '../../features/parts/partsListQuery.ts';
import { ListPage, preloadList } from '../-components/ListPage.tsx';

export const Route = createFileRoute('/_authenticated/parts/')({
  validateSearch: validatePartsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => preloadList(context.apolloClient, PartsListQuery, partsVariables(deps)),
  component: PartsPage,
});

function PartsPage() {
  const navigate = Route.useNavigate();
  return (
    <ListPage
      title={
        <FormattedMessage defaultMessage="Parts" id="OklU4Q" description="Title of the parts list page" />
      }
    >
      <PartsBrowser
        search={Route.useSearch()}
        onNavigate={(next, replace) => void navigate({ search: next, replace })}
      />
    </ListPage>
  );
}
