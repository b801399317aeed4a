import { Stack } from '@mantine/core';
import { useIntl, type IntlShape } from 'react-intl';
import { PartsFilters } from './PartsFilters.tsx';
import { PartsTable } from './PartsTable.tsx';
import { PartsListQuery } from './partsListQuery.ts';
import { PARTS_SEARCH, partsVariables, type PartsSearch } from './partsSearch.ts';
import { isUnreachable, toUserMessage } from '../../graphql/errors.ts';
import { CursorList, givenCriteria, type ListWords } from '../../components/list/CursorList.tsx';
import { useCursorListQuery } from '../../components/list/useCursorListQuery.ts';
import { formatEnum } from '../../components/formatValue.ts';
import { KeptPartsResults } from './KeptPartsResults.tsx';

interface Props {
  search: PartsSearch;
  /** Moves to another URL state; `replace` for typing so Back skips keystrokes. */
  onNavigate(search: PartsSearch, replace: boolean): void;
}

function partsWords(intl: IntlShape): ListWords {
  return {
    failed: intl.formatMessage({ defaultMessage: 'Parts could not be loaded', id: 'sk9vY5' }),
    loading: intl.formatMessage({ defaultMessage: 'Loading parts…', id: 'RxPxkF' }),
    noneMatch: intl.formatMessage({ defaultMessage: 'No parts match', id: 'O+6446' }),
    noneYet: intl.formatMessage({ defaultMessage: 'No parts yet', id: 'yClRHO' }),
    noneToShow: intl.formatMessage({ defaultMessage: 'There are no parts to show.', id: 'vw0iNi' }),
    count: (total) =>
      intl.formatMessage(
        {
          defaultMessage: '{total, plural, one {# part} other {# parts}}',
          id: 'VWtdom',
          description: 'How many parts the list holds in all, after "Showing 1–25 of"',
        },
        { total },
      ),
  };
}

/** "Nothing matches “bolt”, type tool, revision C.": the search and filters that found nothing. */
function nothingMatches(intl: IntlShape, search: PartsSearch): string {
  const type = formatEnum(search.type) ?? '';
  return intl.formatMessage(
    {
      defaultMessage:
        'Nothing matches{hasQ, select, yes { “{q}”} other {}}{hasType, select, yes {, type {type}} other {}}{hasRev, select, yes {, revision {rev}} other {}}.',
      id: '3Dp/BU',
      description:
        'No part matches the search: {q} is the text searched for, {type} the part type chosen (part, tool), {rev} the revision typed; each shown only when given',
    },
    givenCriteria({
      q: search.q,
      // Mid-sentence, English writes the type in lower case; other languages keep their own.
      type: intl.locale.startsWith('en') ? type.toLowerCase() : type,
      rev: search.rev,
    }),
  );
}

/** Parts found by search and filters, a page at a time, with loading, empty and error states. */
export function PartsBrowser({ search, onNavigate }: Props) {
  const intl = useIntl();
  // Changed criteria show their first page (old cursors mean nothing for new ones).
  const onCriteria = (change: Partial<PartsSearch>, replace: boolean) =>
    onNavigate(PARTS_SEARCH.firstPage(search, change), replace);
  const {
    rows: parts,
    failure,
    list,
  } = useCursorListQuery(PartsListQuery, partsVariables(search), (data) => data.parts);
  return (
    <Stack gap="md">
      <PartsFilters search={search} onChange={onCriteria} />
      {failure && isUnreachable(failure) ? (
        // No network: the parts kept on this tablet, said to be so.
        <KeptPartsResults search={search} message={toUserMessage(failure)} />
      ) : (
        <CursorList
          words={partsWords(intl)}
          search={search}
          pageSize={PARTS_SEARCH.pageSize}
          {...list}
          filtered={PARTS_SEARCH.filtered(search)}
          nothingMatches={nothingMatches(intl, search)}
          onClear={() => onCriteria(PARTS_SEARCH.noCriteria, false)}
          onNavigate={onNavigate}
        >
          <PartsTable parts={parts} busy={list.loading} />
        </CursorList>
      )}
    </Stack>
  );
}
