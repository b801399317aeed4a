import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { FormattedMessage, type IntlShape } from 'react-intl';
import { ListPager } from './ListPager.tsx';
import { nextPage, previousPage, type CursorPage } from './cursorPaging.ts';
import { ListPageInfoFields } from './listPageInfo.ts';
import { getFragmentData, type FragmentType } from '../../graphql/generated/index.ts';
import { RetryMessage } from '../RetryMessage.tsx';
import { formatEnum } from '../formatValue.ts';
import { KeptNote } from '../KeptNote.tsx';
import type { KeptList } from './useCursorListQuery.ts';

/** What one list says of its rows, in the user's words: each list names its own ("parts", "runs"). */
export interface ListWords {
  /** `Parts could not be loaded` */
  failed: string;
  /** `Loading parts…` */
  loading: string;
  /** `No parts match` */
  noneMatch: string;
  /** `No parts yet` */
  noneYet: string;
  /** `There are no parts to show.` */
  noneToShow: string;
  /** How many rows there are in all, with their name: `1,234 parts`. */
  count(total: number): string;
}

interface Props<S extends CursorPage> {
  words: ListWords;
  search: S;
  pageSize: number;
  /** The page's connection's, once one has been read (the previous one while the next loads). */
  pageInfo: FragmentType<typeof ListPageInfoFields> | undefined;
  loaded: boolean;
  shown: number;
  loading: boolean;
  /** Already in the user's words (graphql/errors). */
  error: string | null;
  /** The rows are the copy the cache keeps (the server not asked yet, or not answering): said so. */
  kept?: KeptList | null;
  onRetry(): void;
  /** Whether search or filters narrow the list; then an empty page offers to clear them. */
  filtered: boolean;
  /** Said when nothing matches, e.g. `Nothing matches “SN 9”, status on hold.` */
  nothingMatches: string;
  onClear(): void;
  /** Moves to another URL state (another page). */
  onNavigate(search: S, replace: boolean): void;
  /** The rows. */
  children: ReactNode;
}

/**
 * The values of a "Nothing matches…" message whose parts each show only when given: for each
 * criterion `x`, `hasX` ('yes' or 'no', for a `select`) and `x` (as text, '' when not given).
 */
export function givenCriteria(criteria: Record<string, string | number | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(criteria).flatMap(([name, value]) => [
      [`has${name.charAt(0).toUpperCase()}${name.slice(1)}`, value ? 'yes' : 'no'],
      [name, String(value ?? '')],
    ]),
  );
}

/**
 * An enum filter's value as a "Nothing matches…" message names it: mid-sentence, English writes it in
 * lower case ("status on hold"); other languages keep their own.
 */
export function enumMidSentence(value: string | undefined, intl: IntlShape): string {
  const words = formatEnum(value) ?? '';
  return intl.locale.startsWith('en') ? words.toLowerCase() : words;
}

/** A server-side list a page at a time: its loading, empty and error states, the rows and the pager. */
export function CursorList<S extends CursorPage>(props: Props<S>) {
  const { words, search, pageSize, loaded, shown, loading, error, filtered, kept } = props;
  const pageInfo = getFragmentData(ListPageInfoFields, props.pageInfo);
  if (error) {
    return (
      <Alert color="red" title={words.failed} role="alert">
        <RetryMessage message={error} onRetry={props.onRetry} />
      </Alert>
    );
  }
  if (!loaded) {
    return (
      <Stack gap="xs" role="status" aria-live="polite" aria-busy="true">
        <Text>{words.loading}</Text>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} h={44} />
        ))}
      </Stack>
    );
  }
  if (shown === 0 && !loading) {
    return (
      <Alert color="gray" title={filtered ? words.noneMatch : words.noneYet}>
        <Stack gap="sm" align="flex-start">
          <Text style={{ overflowWrap: 'anywhere' }}>
            {filtered ? props.nothingMatches : words.noneToShow}
          </Text>
          {filtered && (
            <Button variant="light" onClick={props.onClear}>
              <FormattedMessage defaultMessage="Clear search and filters" id="cOvZGg" />
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  const page = search.page ?? 1;
  return (
    <>
      {kept ? (
        <KeptNote savedAt={kept.savedAt} reason={kept.reason} />
      ) : (
        loading && (
          <Group gap="xs" role="status" aria-live="polite">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">
              <FormattedMessage
                defaultMessage="Loading…"
                id="fmnTH9"
                description="A list's next page is being loaded; its rows stay shown meanwhile"
              />
            </Text>
          </Group>
        )
      )}
      {props.children}
      <ListPager
        page={page}
        pageSize={pageSize}
        shown={shown}
        count={words.count(pageInfo?.totalCount ?? shown)}
        hasPrevious={page > 1 || Boolean(pageInfo?.hasPreviousPage)}
        hasNext={Boolean(pageInfo?.hasNextPage)}
        busy={loading}
        onPrevious={() => props.onNavigate(previousPage(search, pageInfo), false)}
        onNext={() => {
          const next = nextPage(search, pageInfo);
          if (next) props.onNavigate(next, false);
        }}
      />
    </>
  );
}
