import { Stack } from '@mantine/core';
import { useIntl, type IntlShape } from 'react-intl';
import { PartsFilters } from './PartsFilters.tsx';
import { PartsTable } from './PartsTable.tsx';
import { PartsListQuery } from './partsListQuery.ts';
import { PARTS_SEARCH, type PartsSearch } from './partsSearch.ts';
import { isUnreachable, toUserMessage } from '../../graphql/errors.ts';
import {
  CursorList,
  enumMidSentence,
  givenCriteria,
  type ListWords,
} from '../../components/list/CursorList.tsx';
import { useListBrowser, type ListBrowserProps } from '../../components/list/useListBrowser.ts';
import { KeptPartsResults } from './KeptPartsResults.tsx';

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
  return intl.formatMessage(
    {
      defaultMessage:
        'Nothing matches{hasQ, select, yes { “{q}”} other {}}{hasType, select, yes {, type {type}} other {}}{hasRev, select, yes {, revision {rev}} other {}}.',
      id: '3Dp/BU',
      description:
        'No part matches the search: {q} is the text searched for, {type} the part type chosen (part, tool), {rev} the revision typed; each shown only when given',
    },
    givenCriteria({ q: search.q, type: enumMidSentence(search.type, intl), rev: search.rev }),
  );
}

/** Parts found by search and filters, a page at a time, with loading, empty and error states. */
export function PartsBrowser(props: ListBrowserProps<PartsSearch>) {
  const { search } = props;
  const intl = useIntl();
  const {
    rows: parts,
    failure,
    onCriteria,
    cursorList,
  } = useListBrowser(PARTS_SEARCH, PartsListQuery, (data) => data.parts, props);
  return (
    <Stack gap="md">
      <PartsFilters search={search} onChange={onCriteria} />
      {failure && isUnreachable(failure) ? (
        // No network: the parts kept on this tablet, said to be so.
        <KeptPartsResults search={search} message={toUserMessage(failure)} />
      ) : (
        <CursorList {...cursorList} words={partsWords(intl)} nothingMatches={nothingMatches(intl, search)}>
          <PartsTable parts={parts} busy={cursorList.loading} />
        </CursorList>
      )}
    </Stack>
  );
}
