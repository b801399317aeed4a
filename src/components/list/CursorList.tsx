import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { ListPager } from './ListPager.tsx';
import { nextPage, previousPage, type CursorPage } from './cursorPaging.ts';
import { ListPageInfoFields } from './listPageInfo.ts';
import { getFragmentData, type FragmentType } from '../../graphql/generated/index.ts';
import { RetryMessage } from '../RetryMessage.tsx';

interface Props<S extends CursorPage> {
  /** What the rows are, plural and lower case ("parts", "runs"). */
  noun: string;
  search: S;
  pageSize: number;
  /** The page's connection's, once one has been read (the previous one while the next loads). */
  pageInfo: FragmentType<typeof ListPageInfoFields> | undefined;
  loaded: boolean;
  shown: number;
  loading: boolean;
  /** Already in the user's words (graphql/errors). */
  error: string | null;
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

/** A server-side list a page at a time: its loading, empty and error states, the rows and the pager. */
export function CursorList<S extends CursorPage>(props: Props<S>) {
  const { noun, search, pageSize, loaded, shown, loading, error, filtered } = props;
  const pageInfo = getFragmentData(ListPageInfoFields, props.pageInfo);
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  if (error) {
    return (
      <Alert color="red" title={`${Noun} could not be loaded`} role="alert">
        <RetryMessage message={error} onRetry={props.onRetry} />
      </Alert>
    );
  }
  if (!loaded) {
    return (
      <Stack gap="xs" role="status" aria-live="polite" aria-busy="true">
        <Text>Loading {noun}…</Text>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} h={44} />
        ))}
      </Stack>
    );
  }
  if (shown === 0 && !loading) {
    return (
      <Alert color="gray" title={filtered ? `No ${noun} match` : `No ${noun} yet`}>
        <Stack gap="sm" align="flex-start">
          <Text style={{ overflowWrap: 'anywhere' }}>
            {filtered ? props.nothingMatches : `There are no ${noun} to show.`}
          </Text>
          {filtered && (
            <Button variant="light" onClick={props.onClear}>
              Clear search and filters
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  const page = search.page ?? 1;
  return (
    <>
      {loading && (
        <Group gap="xs" role="status" aria-live="polite">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">Loading…</Text>
        </Group>
      )}
      {props.children}
      <ListPager
        page={page}
        pageSize={pageSize}
        noun={noun}
        shown={shown}
        total={pageInfo?.totalCount ?? shown}
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
