import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueueWorld, TAYLOR } from '../../test/uploadQueue.ts';
import { UploadError } from '../../upload/uploadErrors.ts';
import type { UploadQueue } from '../../upload/uploadQueue.ts';
import { RecordDropZone, RecordUploadsHere } from './RecordDropZone.tsx';
import { renderWithQueue } from '../../test/renderUploadList.tsx';
import {
  AttachPermissionQuery,
  PERMISSION_CHECK_FILENAME,
  ViewOnlyProvider,
} from '../../components/viewOnly.tsx';
import { ViewOnlyNotice } from '../../components/ViewOnlyNotice.tsx';
import { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockLink } from '@apollo/client/testing';
import { createCache } from '../../graphql/cache.ts';

const permissionCheck = { query: AttachPermissionQuery, variables: { filename: PERMISSION_CHECK_FILENAME } };
/** The server gives this person an upload ticket when asked (a technician), as often as asked. */
const ticketGiven = {
  request: permissionCheck,
  result: { data: { requestFileUploadUrl: { __typename: 'FileUploadTicket', s3Key: 'uploads/x.txt' } } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};
/** The server refuses this person an upload ticket (a viewer), as the sandbox words it. */
const ticketRefused = {
  request: permissionCheck,
  result: {
    errors: [
      {
        message: 'Permission denied: your role (viewer) may not attach or remove files',
        extensions: { code: 'FORBIDDEN' },
      },
    ],
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

function renderPage(queue: UploadQueue, answer: typeof ticketGiven | typeof ticketRefused = ticketGiven) {
  const client = new ApolloClient({ cache: createCache(), link: new MockLink([answer]) });
  return renderWithQueue(
    queue,
    <ApolloProvider client={client}>
      <ViewOnlyProvider>
        <ViewOnlyNotice />
        <RecordDropZone entityId={701} label="Run step 7" record={{ kind: 'runStep', id: 7 }}>
          <p>Record body</p>
          <RecordUploadsHere />
        </RecordDropZone>
      </ViewOnlyProvider>
    </ApolloProvider>,
  );
}

describe('attach controls and who may attach', () => {
  it('are not offered to a person the server refuses an upload ticket, before they try anything', async () => {
    const world = createQueueWorld();
    renderPage(world.makeQueue(), ticketRefused);

    expect(await screen.findByTestId('view-only')).toHaveTextContent(
      'does not let you attach or delete files',
    );
    expect(screen.queryByRole('button', { name: 'Choose files' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Take photo' })).toBeNull();
  });

  it('are gone once the server refuses an attach, and stay gone on the next visit', async () => {
    const user = userEvent.setup();
    const world = createQueueWorld();
    world.server.failures.ticket.push(new UploadError('forbidden', 'You do not have permission to do this.'));
    const first = renderPage(world.makeQueue());
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeInTheDocument();
    await user.upload(
      screen.getByTestId('choose-files-input'),
      new File(['x'], 'a.jpg', { type: 'image/jpeg' }),
    );

    await screen.findByTestId('view-only');
    expect(screen.queryByRole('button', { name: 'Choose files' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Take photo' })).toBeNull();
    first.unmount();

    // The next page (a reload, another record) shows none from the start.
    renderPage(world.makeQueue());
    expect(screen.getByTestId('view-only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose files' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Take photo' })).toBeNull();
  });

  it('come back when the person asks to check again', async () => {
    const user = userEvent.setup();
    const world = createQueueWorld();
    world.refusals.remember(TAYLOR);
    renderPage(world.makeQueue());

    await user.click(screen.getByRole('button', { name: 'My rights changed: check again' }));
    expect(await screen.findByRole('button', { name: 'Choose files' })).toBeInTheDocument();
    expect(screen.queryByTestId('view-only')).toBeNull();
  });
});
