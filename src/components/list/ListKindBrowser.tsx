import { Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { CursorList } from './CursorList.tsx';
import { ListKindFilters } from './ListKindFilters.tsx';
import { ListTable } from './ListTable.tsx';
import type { ListKind } from './listKind.ts';
import type { ListSearch } from './listSearch.ts';
import type { ListBrowserProps } from './useListBrowser.ts';
import { listWords } from './listWords.ts';
import { isUnreachable, toUserMessage } from '../../graphql/errors.ts';

/** Any list kind's rows found by search and filters, a page at a time, with loading, empty and error states. */
export function ListKindBrowser<S extends ListSearch<string>, R extends { id: number }>({
  kind,
  ...route
}: { kind: ListKind<S, R> } & ListBrowserProps<S>) {
  const { search } = route;
  const intl = useIntl();
  const { rows, failure, onCriteria, cursorList } = kind.useRows(route);
  const table = (shown: R[], busy: boolean) => (
    <ListTable columns={kind.columns(intl)} rows={shown} minWidth={kind.minWidth} busy={busy} />
  );
  const { Notice, Offline } = kind;
  return (
    <Stack gap="md">
      <ListKindFilters kind={kind} search={search} onChange={onCriteria} />
      {Notice && <Notice search={search} onChange={onCriteria} />}
      {Offline && failure && isUnreachable(failure) ? (
        // No network: what the kind keeps on this tablet (the parts), said to be so.
        <Offline search={search} message={toUserMessage(failure)} table={(kept) => table(kept, false)} />
      ) : (
        <CursorList
          {...cursorList}
          words={listWords(kind.name, intl)}
          nothingMatches={kind.nothingMatches(search, intl)}
        >
          {table(rows, cursorList.loading)}
        </CursorList>
      )}
    </Stack>
  );
}
