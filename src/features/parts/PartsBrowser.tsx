import { Stack } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useIntl, type IntlShape } from 'react-intl';
import { PartsFilters } from './PartsFilters.tsx';
import { PartsTable, type PartRow } from './PartsTable.tsx';
import { PartsListQuery } from './partsListQuery.ts';
import { PARTS_PAGE_SIZE, partsVariables, type PartsSearch } from './partsSearch.ts';
import { isUnreachable, toUserMessage } from '../../graphql/errors.ts';
import { CursorList, type ListWords } from '../../components/list/CursorList.tsx';
import { formatEnum } from '../../components/formatValue.ts';
import { KeptPartsResults } from './KeptPartsResults.tsx';

interface Props {
  search: PartsSearch;
  /** Moves to another URL state; `replace` for typing so Back skips keystrokes. */
  onNavigate(search: PartsSearch, replace: boolean): void;
  onCriteria(change: Partial<PartsSearch>, replace: boolean): void;
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
    {
      hasQ: search.q ? 'yes' : 'no',
      q: search.q ?? '',
      hasType: search.type ? 'yes' : 'no',
      // Mid-sentence, English writes the type in lower case; other languages keep their own.
      type: intl.locale.startsWith('en') ? type.toLowerCase() : type,
      hasRev: search.rev ? 'yes' : 'no',
      rev: search.rev ?? '',
    },
  );
}

/** Parts found by search and filters, a page at a time, with loading, empty and error states. */
export function PartsBrowser({ search, onNavigate, onCriteria }: Props) {
  const intl = useIntl();
  const { data, previousData, error, loading, refetch } = useQuery(PartsListQuery, {
    variables: partsVariables(search),
  });
  // While the next page loads, the previous one stays in view (dimmed) instead of flashing empty.
  const connection = (data ?? previousData)?.parts;
  const parts: PartRow[] = (connection?.edges ?? []).flatMap((edge) => (edge?.node ? [edge.node] : []));

  return (
    <Stack gap="md">
      <PartsFilters search={search} onChange={onCriteria} />
      {error && !data && isUnreachable(error) ? (
        // No network: the parts kept on this tablet, said to be so.
        <KeptPartsResults search={search} message={toUserMessage(error)} />
      ) : (
        <CursorList
          words={partsWords(intl)}
          search={search}
          pageSize={PARTS_PAGE_SIZE}
          pageInfo={connection?.pageInfo}
          loaded={Boolean(connection)}
          shown={parts.length}
          loading={loading}
          error={error ? toUserMessage(error) : null}
          onRetry={() => void refetch()}
          filtered={Boolean(search.q || search.type || search.rev)}
          nothingMatches={nothingMatches(intl, search)}
          onClear={() => onCriteria({ q: undefined, type: undefined, rev: undefined }, false)}
          onNavigate={onNavigate}
        >
          <PartsTable parts={parts} busy={loading} />
        </CursorList>
      )}
    </Stack>
  );
}
