import { UiProviders } from '../../app/AppProviders.tsx';

import { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockLink } from '@apollo/client/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createCache } from '../../graphql/cache.ts';
import { ConfigProvider } from '../../config/ConfigContext.tsx';
import { TEST_CONFIG } from '../../test/renderApp.tsx';
import { keptFilesAdmin, KeptFilesAdminQuery } from '../../upload/keptFilesAdmin.ts';
import { createQueueWorld, taylorLeavesAFileForVic } from '../../test/uploadQueue.ts';
import { UploadQueueProvider } from '../../upload/uploadQueueContext.tsx';
import { LeftByOthersNotice } from './LeftByOthersNotice.tsx';

/** Taylor's file stays on the device; Vic signs in next, an administrator of the API or not. */
async function vicFindsTaylorsFile({ isAdmin, adminsMay }: { isAdmin: boolean; adminsMay: boolean }) {
  const world = createQueueWorld();
  await taylorLeavesAFileForVic(world);

  const config = { ...TEST_CONFIG, adminsMayDiscardKeptFiles: adminsMay };
  const client = new ApolloClient({
    cache: createCache(),
    link: new MockLink([
      {
        request: { query: KeptFilesAdminQuery },
        result: { data: { me: { __typename: 'User', id: 2, isAdmin } } },
      },
    ]),
  });
  const queue = world.makeQueue({ keptFilesAdmin: keptFilesAdmin(client, config) });
  await queue.restore();
  render(
    <UiProviders>
      <ApolloProvider client={client}>
        <ConfigProvider config={config}>
          <UploadQueueProvider queue={queue}>
            <LeftByOthersNotice />
          </UploadQueueProvider>
        </ConfigProvider>
      </ApolloProvider>
    </UiProviders>,
  );
  await screen.findByText(/1 file left by Taylor Technician is waiting for them/);
  return { world, client };
}

describe('files someone else left', () => {
  it('cannot be discarded by the next person', async () => {
    await vicFindsTaylorsFile({ isAdmin: false, adminsMay: true });
    expect(screen.queryByRole('button', { name: 'Discard…' })).toBeNull();
  });

  it('cannot be discarded by an administrator unless config.json allows it', async () => {
    await vicFindsTaylorsFile({ isAdmin: true, adminsMay: false });
    expect(screen.queryByRole('button', { name: 'Discard…' })).toBeNull();
  });

  it('can be discarded by an administrator where config.json allows it, after confirming', async () => {
    const user = userEvent.setup();
    const { world } = await vicFindsTaylorsFile({ isAdmin: true, adminsMay: true });
    await user.click(await screen.findByRole('button', { name: 'Discard…' }));
    await user.click(await screen.findByRole('button', { name: 'Discard 1 file' }));
    await vi.waitFor(() => expect(world.store.rows.size).toBe(0));
  });
});
