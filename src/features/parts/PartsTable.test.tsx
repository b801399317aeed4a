import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { renderApp } from '../../test/renderApp.tsx';
import { PartRecordDocument, PartsListDocument } from '../../graphql/generated/graphql.ts';
import { partsVariables } from './partsSearch.ts';

/** The one part listed, as the list's row and as its record page's query give it. */
const SHAFT = {
  __typename: 'Part',
  id: 7,
  partNumber: 'SHFT-2107',
  revision: 'B',
  description: 'Shaft',
  partType: 'PART',
} as const;

const listMock: MockLink.MockedResponse = {
  request: { query: PartsListDocument, variables: partsVariables({}) },
  result: {
    data: {
      parts: {
        __typename: 'PartsConnection',
        pageInfo: {
          __typename: 'IonPageInfo',
          hasNextPage: false,
          hasPreviousPage: false,
          startCursor: 'c7',
          endCursor: 'c7',
          totalCount: 1,
        },
        edges: [
          {
            __typename: 'PartsEdge',
            cursor: 'c7',
            node: SHAFT,
          },
        ],
      },
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

/** The part's record query, counted: how a preload or an opened page shows up. */
function partRecordMock(asked: { count: number }): MockLink.MockedResponse {
  return {
    request: { query: PartRecordDocument, variables: { id: '7' } },
    result: () => {
      asked.count += 1;
      return {
        data: {
          part: {
            ...SHAFT,
            trackingType: null,
            sourcingStrategy: null,
            cost: null,
            leadTime: null,
            _created: '2025-01-01T00:00:00Z',
            _updated: '2025-01-01T00:00:00Z',
            entity: { __typename: 'Entity', id: 9007, fileAttachments: [] },
          },
        },
      };
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

async function openList() {
  const asked = { count: 0 };
  const app = await renderApp({ path: '/parts', mocks: [listMock, partRecordMock(asked)] });
  const link = await screen.findByRole('link', { name: 'SHFT-2107' });
  return { ...app, link, asked };
}

describe('part number links', () => {
  it('are real links to the part page', async () => {
    const { link } = await openList();
    expect(link).toHaveAttribute('href', '/parts/7');
  });

  it('open the part in the app on a plain click', async () => {
    const { link, router, user } = await openList();
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/parts/7'));
    expect(await screen.findByRole('heading', { level: 1, name: /SHFT-2107/ })).toBeInTheDocument();
  });

  it('open the part on a tap anywhere on its row', async () => {
    const { router, user } = await openList();
    await user.click(screen.getByRole('cell', { name: 'Shaft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/parts/7'));
  });

  it('open the part with Enter on the row’s link', async () => {
    const { link, router, user } = await openList();
    act(() => link.focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/parts/7'));
  });

  it('leave a click with a modifier key or another button to the browser', async () => {
    const { link, router } = await openList();
    for (const click of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, ...click });
      act(() => {
        link.dispatchEvent(event);
      });
      expect(event.defaultPrevented).toBe(false);
    }
    expect(router.state.location.pathname).toBe('/parts');
  });

  it('preload the part when touched', async () => {
    const { link, asked } = await openList();
    fireEvent.touchStart(link);
    await waitFor(() => expect(asked.count).toBe(1));
  });

  it('preload the part when focused', async () => {
    const { link, asked } = await openList();
    act(() => link.focus());
    await waitFor(() => expect(asked.count).toBe(1));
  });

  it('preload the part when the mouse rests on it, not when it only passes over', async () => {
    const { link, asked } = await openList();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.mouseEnter(link);
      fireEvent.mouseLeave(link);
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(asked.count).toBe(0);
      fireEvent.mouseEnter(link);
      await act(() => vi.advanceTimersByTimeAsync(100));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(asked.count).toBe(1));
  });
});
