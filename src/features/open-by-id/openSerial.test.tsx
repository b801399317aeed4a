import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { PartIdsByNumberDocument, RunsBySerialDocument } from '../../graphql/generated/graphql.ts';
import { renderApp } from '../../test/renderApp.tsx';

/** The API's answer to "which runs have this text in their title", as runsBySerial asks. */
function runsTitled(patterns: string[], runs: { id: number; title: string }[]): MockLink.MockedResponse {
  return {
    request: {
      query: RunsBySerialDocument,
      variables: { filters: { or_: patterns.map((ilike) => ({ title: { ilike } })) } },
    },
    result: {
      data: {
        runs: {
          __typename: 'RunsConnection',
          edges: runs.map((run) => ({
            __typename: 'RunsEdge',
            node: {
              __typename: 'Run',
              ...run,
              status: 'TODO',
              part: { __typename: 'Part', id: 5, partNumber: 'HSG-0104', revision: 'A' },
              procedure: { __typename: 'Procedure', id: 1, title: 'Machine engine mount bracket' },
            },
          })),
        },
      },
    },
  };
}

const noParts = (partNumber: string): MockLink.MockedResponse => ({
  request: { query: PartIdsByNumberDocument, variables: { filters: { partNumber: { ilike: partNumber } } } },
  result: { data: { parts: { __typename: 'PartsConnection', edges: [] } } },
});

const SN_0041 = ['%SN 0041%', '%S/N 0041%'];
const SN_0100 = ['%SN 0100%', '%S/N 0100%'];
const SHARED = [
  { id: 11, title: 'HSG-0104 Rev A, SN 0100' },
  { id: 12, title: 'Receiving: TANK-0010 SN 0100' },
];

describe('serial numbers in the open-by-id box', () => {
  it('opens the run of a typed serial, written as the label has it', async () => {
    const { user, router } = await renderApp({
      path: '/',
      mocks: [runsTitled(SN_0041, [{ id: 1, title: 'BRKT-0001 Rev C, SN 0041' }])],
    });
    await user.type(await screen.findByLabelText('Id, scanned label or link'), 'S/N 0041{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/runs/1'));
  });

  it('lists the runs a shared serial names, each a link, and opens none by itself', async () => {
    const { user, router } = await renderApp({ path: '/', mocks: [runsTitled(SN_0100, SHARED)] });
    await user.type(await screen.findByLabelText('Id, scanned label or link'), 'SN 0100{Enter}');
    const choice = await screen.findByRole('group', { name: 'Runs with SN 0100' });
    expect(within(choice).getByText('2 runs have SN 0100. Which one?')).toBeInTheDocument();
    const links = within(choice).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/runs/11', '/runs/12']);
    expect(links[0]).toHaveTextContent('Run 11: HSG-0104 Rev A, SN 0100 · HSG-0104 rev A');
    expect(router.state.location.pathname).toBe('/');
  });

  it('says so when no run has the serial, and ignores a run whose serial only starts with it', async () => {
    const { user, router } = await renderApp({
      path: '/',
      mocks: [runsTitled(SN_0041, [{ id: 3, title: 'PLT-2001 Rev A, SN 00410' }])],
    });
    await user.type(await screen.findByLabelText('Id, scanned label or link'), 'SN 0041{Enter}');
    expect(await screen.findByText('No run has serial 0041.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens the one run a bare lot number names when no part has that number', async () => {
    const { user, router } = await renderApp({
      path: '/',
      mocks: [
        noParts('24-117'),
        runsTitled(['%24-117%'], [{ id: 2, title: 'Receiving: FTG-0210 lot 24-117' }]),
      ],
    });
    await user.type(await screen.findByLabelText('Id, scanned label or link'), '24-117{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/runs/2'));
  });
});

describe('scanning a serial on another page', () => {
  it('opens the run', async () => {
    const { user, router } = await renderApp({
      path: '/parts/abc',
      mocks: [runsTitled(SN_0041, [{ id: 1, title: 'BRKT-0001 Rev C, SN 0041' }])],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('“abc” is not a part id');
    await user.keyboard('SN 0041{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/runs/1'));
  });

  it('asks which run when several have it, and opens the one picked', async () => {
    const { user, router } = await renderApp({ path: '/parts/abc', mocks: [runsTitled(SN_0100, SHARED)] });
    expect(await screen.findByRole('alert')).toHaveTextContent('“abc” is not a part id');
    await user.keyboard('SN 0100{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Which run?' });
    await user.click(within(dialog).getByRole('link', { name: /Run 12/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/runs/12'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
