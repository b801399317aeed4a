import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { from, mergeMap } from 'rxjs';
import { createCache } from '../../graphql/cache.ts';
import { currentUserMock, renderApp } from '../../test/renderApp.tsx';
import { PartsListDocument } from '../../graphql/generated/graphql.ts';
import { partsVariables } from './partsSearch.ts';
import { testPageInfo } from '../../test/list.ts';

const pageInfo = testPageInfo(1234);

function partsMock(
  result: MockLink.MockedResponse['result'],
  search = {},
  delay = 0,
): MockLink.MockedResponse {
  return { request: { query: PartsListDocument, variables: partsVariables(search) }, result, delay };
}

const page = (edges: unknown[]) => ({
  data: { parts: { __typename: 'PartsConnection', pageInfo, edges } },
});

const edge = (id: number, partNumber: string) => ({
  __typename: 'PartsEdge',
  cursor: `c${id}`,
  node: { __typename: 'Part', id, partNumber, revision: 'A', description: null, partType: 'TOOL' },
});

describe('parts page states', () => {
  it('shows loading, then the page with the total and a link per part', async () => {
    // The page's answer is held until the loading state has been seen: a fast machine cannot skip it.
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const hold = new ApolloLink((operation, forward) =>
      operation.operationName === 'PartsList'
        ? from(answered).pipe(mergeMap(() => forward(operation)))
        : forward(operation),
    );
    const mocks = new MockLink([
      currentUserMock,
      partsMock(page([edge(1, 'BRKT-0001'), edge(2, 'BRKT-0002')])),
    ]);
    await renderApp({
      path: '/parts',
      client: new ApolloClient({ cache: createCache(), link: ApolloLink.from([hold, mocks]) }),
    });
    expect(await screen.findByText('Loading parts…')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('link', { name: 'BRKT-0001' })).toHaveAttribute('href', '/parts/1');
    expect(screen.getByText('Showing 1–2 of 1,234 parts')).toBeInTheDocument();
    expect(screen.getAllByText('No description')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
  });

  it('says when nothing matches, and clears the search', async () => {
    const empty = {
      data: {
        parts: {
          __typename: 'PartsConnection',
          pageInfo: { ...pageInfo, hasNextPage: false, totalCount: 0 },
          edges: [],
        },
      },
    };
    const { user, router } = await renderApp({
      path: '/parts?q=nothing',
      mocks: [partsMock(empty, { q: 'nothing' }), partsMock(page([edge(1, 'BRKT-0001')]))],
    });
    expect(await screen.findByText('Nothing matches “nothing”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByRole('link', { name: 'BRKT-0001' })).toBeInTheDocument();
  });

  it('explains a failure and offers to try again', async () => {
    await renderApp({
      path: '/parts',
      mocks: [
        partsMock({ errors: [new GraphQLError('Permission denied')] }),
        partsMock(page([edge(1, 'BRKT-0001')])),
      ],
    });
    expect(await screen.findByText('Parts could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(/do not have permission/)).toBeInTheDocument();
  });

  it('sends what the URL says, bounded to one page', async () => {
    const search = { q: 'mount', type: 'TOOL' as const, rev: 'B' };
    await renderApp({
      path: '/parts?q=mount&type=TOOL&rev=B',
      mocks: [partsMock(page([edge(5, 'FIX-0005')]), search)],
    });
    expect(await screen.findByRole('link', { name: 'FIX-0005' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search part number or description')).toHaveValue('mount');
    expect(screen.getByLabelText('Revision')).toHaveValue('B');
  });

  it('searches after a typing pause, or at once on Enter (what a barcode scanner ends with)', async () => {
    const { router } = await renderApp({
      path: '/parts',
      mocks: [
        partsMock(page([edge(1, 'BRKT-0001')])),
        partsMock(page([edge(7, 'SHFT-2107')]), { q: 'SHFT-2107' }),
        partsMock(page([edge(8, 'SHFT-2108')]), { q: 'SHFT-2108' }),
      ],
    });
    const box = await screen.findByLabelText('Search part number or description');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(box, { target: { value: 'SHFT-2107' } });
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(router.state.location.search).not.toHaveProperty('q');
      await act(() => vi.advanceTimersByTimeAsync(150));
      expect(router.state.location.search).toMatchObject({ q: 'SHFT-2107' });

      fireEvent.change(box, { target: { value: 'SHFT-2108' } });
      fireEvent.keyDown(box, { key: 'Enter' });
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(router.state.location.search).toMatchObject({ q: 'SHFT-2108' });
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByRole('link', { name: 'SHFT-2108' })).toBeInTheDocument();
  });
});
