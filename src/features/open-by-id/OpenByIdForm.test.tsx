import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { PartIdsByNumberDocument } from '../../graphql/generated/graphql.ts';
import { renderApp } from '../../test/renderApp.tsx';

/** The API's answer to "which parts have this number", with these ids. */
function partsNumbered(partNumber: string, ids: number[]): MockLink.MockedResponse {
  return {
    request: {
      query: PartIdsByNumberDocument,
      variables: { filters: { partNumber: { ilike: partNumber } } },
    },
    result: {
      data: {
        parts: {
          __typename: 'PartsConnection',
          edges: ids.map((id) => ({ __typename: 'PartsEdge', node: { __typename: 'Part', id } })),
        },
      },
    },
  };
}

describe('open-by-id box', () => {
  it('is focused on the home page and opens what a scanner sends', async () => {
    const { user, router } = await renderApp({ path: '/' });
    const box = await screen.findByLabelText('Id, scanned label or link');
    await waitFor(() => expect(box).toHaveFocus());
    await user.keyboard('RUN-42{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/runs/42'));
  });

  it('uses the chosen kind for a bare number', async () => {
    const { user, router } = await renderApp({ path: '/' });
    await user.selectOptions(await screen.findByLabelText('Kind'), 'runStepField');
    await user.type(screen.getByLabelText('Id, scanned label or link'), '7{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/run-step-fields/7'));
  });

  it('remembers the chosen kind on this device', async () => {
    const first = await renderApp({ path: '/' });
    await first.user.selectOptions(await screen.findByLabelText('Kind'), 'run');
    first.unmount();
    await renderApp({ path: '/' });
    expect(await screen.findByLabelText('Kind')).toHaveValue('run');
  });

  it('takes a scan while the Kind list still has focus, with the kind just chosen', async () => {
    const { user, router } = await renderApp({ path: '/' });
    const kind = await screen.findByLabelText('Kind');
    await user.selectOptions(kind, 'runStep');
    expect(kind).toHaveFocus();
    await user.keyboard('1234{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/run-steps/1234'));
    expect(kind).toHaveValue('runStep');
  });

  it('says in the box that a scan too short for a label was not opened', async () => {
    const { user, router } = await renderApp({ path: '/' });
    const kind = await screen.findByLabelText('Kind');
    await user.selectOptions(kind, 'run');
    await user.keyboard('12{Enter}');
    expect(await screen.findByText(/“12” is too short for a scanned label/)).toBeInTheDocument();
    expect(screen.getByLabelText('Id, scanned label or link')).toHaveValue('12');
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens the one part with a scanned part number', async () => {
    const { user, router } = await renderApp({ path: '/', mocks: [partsNumbered('BRKT-0001', [17])] });
    await user.type(await screen.findByLabelText('Id, scanned label or link'), 'BRKT-0001{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/parts/17'));
  });

  it('shows the parts search when several parts have the number', async () => {
    const { user, router } = await renderApp({ path: '/', mocks: [partsNumbered('BRKT-0001', [17, 18])] });
    await user.type(await screen.findByLabelText('Id, scanned label or link'), 'BRKT-0001{Enter}');
    await waitFor(() => expect(router.state.location.href).toBe('/parts?q=BRKT-0001'));
  });

  it('explains a refusal in place and offers a part search when no part has the number', async () => {
    const { user, router } = await renderApp({ path: '/', mocks: [partsNumbered('BRKT-0001', [])] });
    await user.type(await screen.findByLabelText('Id, scanned label or link'), 'BRKT-0001{Enter}');
    expect(await screen.findByText(/“BRKT” is not a kind of record/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'Search parts for “BRKT-0001”' })).toHaveAttribute(
      'href',
      '/parts?q=BRKT-0001',
    );
  });

  it('is reached with / from another page', async () => {
    const { user, router } = await renderApp({ path: '/parts/abc' });
    expect(await screen.findByRole('alert')).toHaveTextContent('“abc” is not a part id');
    await user.keyboard('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.getByLabelText('Id, scanned label or link')).toHaveFocus());
  });
});

describe('scanning on other pages', () => {
  it('opens a scanned label from a record page, with no field focused', async () => {
    const { user, router } = await renderApp({ path: '/parts/abc' });
    expect(await screen.findByRole('alert')).toHaveTextContent('“abc” is not a part id');
    await user.keyboard('RUN-7{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/runs/7'));
  });

  it('opens a scanned link of this app even with a slash in it', async () => {
    const { user, router } = await renderApp({ path: '/parts/abc' });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.keyboard(`${window.location.origin}/run-steps/3{Enter}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/run-steps/3'));
  });

  it('reads a scanned bare number as a record of the page’s kind, and says so', async () => {
    const { user, router } = await renderApp({ path: '/runs/1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Run 1 could not be opened');
    await user.keyboard('101{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/runs/101'));
    expect(await screen.findByTestId('opened-as')).toHaveTextContent('Scanned number: opened as Run 101');
    expect(screen.getByRole('button', { name: 'Change: open 101 as another kind of record' })).toBeVisible();
  });

  it('says nothing of the kind when a label names its own', async () => {
    const { user, router } = await renderApp({ path: '/runs/1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Run 1 could not be opened');
    await user.keyboard('RS-101{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/run-steps/101'));
    expect(screen.queryByTestId('opened-as')).not.toBeInTheDocument();
  });

  it('says a scan too short for a label was not opened', async () => {
    const { user, router } = await renderApp({ path: '/runs/1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Run 1 could not be opened');
    await user.keyboard('12{Enter}');
    expect(await screen.findByText('Scan too short')).toBeInTheDocument();
    expect(screen.getByText(/only “12”: too short for a label/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/runs/1');
  });

  it('leaves typing in the parts search box alone, however fast', async () => {
    const { user, router } = await renderApp({ path: '/parts' });
    const search = await screen.findByRole('searchbox');
    await user.click(search);
    await user.keyboard('RUN-7{Enter}');
    expect(search).toHaveValue('RUN-7');
    expect(router.state.location.pathname).toBe('/parts');
  });
});
