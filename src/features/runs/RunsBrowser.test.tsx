import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { renderApp } from '../../test/renderApp.tsx';
import { RunsListDocument } from '../../graphql/generated/graphql.ts';
import { runsVariables, type RunsSearch } from './runsSearch.ts';
import { testPageInfo } from '../../test/list.ts';

const pageInfo = testPageInfo(100_002);

function runsMock(
  result: MockLink.MockedResponse['result'],
  search: RunsSearch = {},
): MockLink.MockedResponse {
  return { request: { query: RunsListDocument, variables: runsVariables(search) }, result };
}

const page = (edges: unknown[], info = pageInfo) => ({
  data: { runs: { __typename: 'RunsConnection', pageInfo: info, edges } },
});

const edge = (id: number, title: string, missing: number, status = 'IN_PROGRESS') => ({
  __typename: 'RunsEdge',
  cursor: `c${id}`,
  node: {
    __typename: 'Run',
    id,
    title,
    status,
    _created: '2026-09-01T08:00:00.000Z',
    part: { __typename: 'Part', id: 1, partNumber: 'BRKT-0001', revision: 'C' },
    procedure: { __typename: 'Procedure', id: 2, title: 'Machine engine mount bracket' },
    missingEvidence: Array.from({ length: missing }, (_, i) => ({ __typename: 'RunStep', id: id * 100 + i })),
  },
});

describe('runs page', () => {
  it('shows each run by its serial, with part, procedure, status and the steps missing files', async () => {
    await renderApp({
      path: '/runs',
      mocks: [
        runsMock(
          page([
            edge(1, 'BRKT-0001 Rev C, SN 0041', 2),
            edge(9, 'Receiving: FTG-0210 lot 24-117', 0, 'COMPLETE'),
          ]),
        ),
      ],
    });
    const link = await screen.findByRole('link', { name: 'Run 1: BRKT-0001 Rev C, SN 0041' });
    expect(link).toHaveAttribute('href', '/runs/1');
    expect(link).toHaveTextContent('SN 0041');
    const row = link.closest('tr')!;
    expect(within(row).getByText('BRKT-0001 rev C')).toBeInTheDocument();
    expect(within(row).getByText('Machine engine mount bracket')).toBeInTheDocument();
    expect(within(row).getByText('In progress')).toBeInTheDocument();
    expect(within(row).getByText('2 steps miss files')).toBeInTheDocument();
    const lot = screen.getByRole('link', { name: 'Run 9: Receiving: FTG-0210 lot 24-117' });
    expect(lot).toHaveTextContent('lot 24-117');
    expect(within(lot.closest('tr')!).getByText('None missing')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 100,002 runs')).toBeInTheDocument();
  });

  it('sends what the URL says and shows it in the inputs', async () => {
    const search: RunsSearch = { q: 'SN 0041', status: 'HOLD', sort: 'TITLE_ASC' };
    await renderApp({
      path: '/runs?q=SN%200041&status=HOLD&sort=TITLE_ASC',
      mocks: [runsMock(page([edge(1, 'BRKT-0001 Rev C, SN 0041', 0)]), search)],
    });
    expect(await screen.findByRole('link', { name: /SN 0041/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Search serial, run, part or procedure')).toHaveValue('SN 0041');
    expect(screen.getByLabelText('Status')).toHaveValue('HOLD');
    expect(screen.getByLabelText('Sort by')).toHaveValue('TITLE_ASC');
  });

  it('says when nothing matches, and offers to show all runs of a part’s list again', async () => {
    const empty = page([], { ...pageInfo, hasNextPage: false, totalCount: 0 });
    const { user, router } = await renderApp({
      path: '/runs?q=SN%209999&part=3',
      mocks: [runsMock(empty, { q: 'SN 9999', part: 3 }), runsMock(page([edge(1, 'SN 0041', 0)]))],
    });
    expect(await screen.findByText('Nothing matches “SN 9999”, part 3.')).toBeInTheDocument();
    expect(screen.getByText('Only the runs of part 3.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByRole('link', { name: /SN 0041/ })).toBeInTheDocument();
  });

  it('explains a failure and offers to try again', async () => {
    await renderApp({
      path: '/runs',
      mocks: [runsMock({ errors: [new GraphQLError('Permission denied')] })],
    });
    expect(await screen.findByText('Runs could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});

describe('runs page shown again', () => {
  it('asks the server again, saying the rows are the kept copy until it answers, and shows its count', async () => {
    const { router } = await renderApp({
      path: '/runs',
      mocks: [
        runsMock(page([edge(4, 'BRKT-0001 Rev C, SN 0044', 1)])),
        runsMock(page([], { ...pageInfo, hasNextPage: false, totalCount: 0 }), { status: 'HOLD' }),
        // The step's last required file was attached meanwhile: the answer says so, a moment later.
        { ...runsMock(page([edge(4, 'BRKT-0001 Rev C, SN 0044', 0)])), delay: 300 },
      ],
    });
    const link = await screen.findByRole('link', { name: /SN 0044/ });
    expect(within(link.closest('tr')!).getByText('1 step misses files')).toBeInTheDocument();
    expect(screen.queryByTestId('kept-age')).not.toBeInTheDocument();

    await router.navigate({ to: '/runs', search: { status: 'HOLD' } });
    await router.navigate({ to: '/runs' });
    expect(await screen.findByTestId('kept-age')).toHaveTextContent(
      /^Kept copy · saved earlier; checking with the server…$/,
    );
    expect(screen.getByText('1 step misses files')).toBeInTheDocument();
    expect(await screen.findByText('None missing')).toBeInTheDocument();
    expect(screen.queryByTestId('kept-age')).not.toBeInTheDocument();
  });
});
