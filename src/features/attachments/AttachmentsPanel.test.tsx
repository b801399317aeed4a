import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { createElement, type ComponentProps } from 'react';
import { GraphQLError } from 'graphql';
import { MockLink } from '@apollo/client/testing';
import { currentUserMock, renderApp } from '../../test/renderApp.tsx';
import {
  DeleteAttachmentDocument,
  FreshDownloadUrlDocument,
  PartRecordDocument,
} from '../../graphql/generated/graphql.ts';
import { AttachmentItemFields, RecordAttachmentsFields } from './attachmentDocuments.ts';
import { ApolloClient, InMemoryCache, type Reference } from '@apollo/client';
import { typePolicies } from '../../graphql/cache.ts';
import { attachmentsReadByPanel } from '../../graphql/attachmentsReadByPanel.ts';

/** Rows drawn, counted by their thumbnails (one a row, not memoised on its own): the real component. */
const thumbnails = vi.hoisted(() => ({ rendered: 0 }));
vi.mock('./AttachmentThumbnail.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./AttachmentThumbnail.tsx')>();
  return {
    ...actual,
    AttachmentThumbnail: (props: ComponentProps<typeof actual.AttachmentThumbnail>) => {
      thumbnails.rendered += 1;
      return createElement(actual.AttachmentThumbnail, props);
    },
  };
});

const ENTITY_ID = 101;

function attachment(
  id: number,
  filename: string | null,
  contentType: string | null,
  downloadUrl: string | null,
) {
  return {
    __typename: 'FileAttachment' as const,
    id,
    filename,
    contentType,
    downloadUrl,
    entityId: ENTITY_ID,
    // A higher id was added later, as on the server.
    _created: new Date(Date.UTC(2026, 8, 1, 8, id, 30)).toISOString(),
    createdBy: { __typename: 'User' as const, id: 1, name: 'Taylor Technician' },
  };
}

/** The part page also lists the part's newest runs. */
const NO_RUNS = {
  __typename: 'RunsConnection',
  pageInfo: { __typename: 'IonPageInfo', totalCount: 0 },
  edges: [],
};

function partMock(fileAttachments: ReturnType<typeof attachment>[] | null): MockLink.MockedResponse {
  return {
    request: { query: PartRecordDocument, variables: { id: '1' } },
    result: {
      data: {
        part: {
          __typename: 'Part',
          id: 1,
          partNumber: 'BRKT-0001',
          revision: 'C',
          description: 'Bracket, engine mount',
          partType: 'PART',
          trackingType: 'SERIAL',
          sourcingStrategy: null,
          cost: 12.5,
          leadTime: 14,
          _created: '2026-09-01T08:00:00.000Z',
          _updated: null,
          entity: { __typename: 'Entity', id: ENTITY_ID, fileAttachments },
        },
        runs: NO_RUNS,
      },
    },
  };
}

const PHOTO = attachment(7, 'bracket.png', 'image/png', 'https://storage.test/bracket.png?sig=1');
const REPORT = attachment(8, 'report.pdf', 'application/pdf', 'https://storage.test/report.pdf?sig=1');
const LOG = attachment(9, 'machine.log', 'text/plain', 'https://storage.test/machine.log?sig=1');

describe('attachments on a record page', () => {
  it('says when a record has no files yet', async () => {
    await renderApp({ path: '/parts/1', mocks: [partMock([])] });
    expect(await screen.findByRole('heading', { name: 'Attachments (0)' })).toBeInTheDocument();
    expect(
      screen.getByText('No files attached yet. Drop files on this page to attach them.'),
    ).toBeInTheDocument();
  });

  it('lists files newest first with name, type, who added them when, and actions for each', async () => {
    await renderApp({ path: '/parts/1', mocks: [partMock([PHOTO, REPORT, LOG])] });
    const rows = await screen.findAllByTestId('attachment-row');
    expect(rows).toHaveLength(3);
    const [log, report, photo] = rows as [HTMLElement, HTMLElement, HTMLElement];
    const added = new Date(PHOTO._created).toLocaleString(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    expect(within(photo).getByText(`image/png · added by Taylor Technician · ${added}`)).toBeInTheDocument();

    expect(within(photo).getByText('bracket.png')).toBeInTheDocument();
    expect(within(photo).getByText(/image\/png/)).toBeInTheDocument();
    expect(within(photo).getByTestId('attachment-thumbnail')).toHaveAttribute('src', PHOTO.downloadUrl);
    expect(within(photo).getByRole('button', { name: 'Preview bracket.png' })).toBeInTheDocument();

    expect(within(report).queryByTestId('attachment-thumbnail')).not.toBeInTheDocument();
    expect(report.querySelector('[data-attachment-icon="pdf"]')).not.toBeNull();
    expect(within(report).getByRole('button', { name: 'Preview report.pdf' })).toBeInTheDocument();

    expect(log.querySelector('[data-attachment-icon="text"]')).not.toBeNull();
    expect(within(log).queryByRole('button', { name: /Preview/ })).not.toBeInTheDocument();
    for (const row of rows) {
      expect(within(row).getByRole('button', { name: /^Download / })).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: /^Delete / })).toBeInTheDocument();
    }
  });

  it('counts a landed batch at once and draws its rows a few at a time, newest on top', async () => {
    const { client } = await renderApp({ path: '/parts/1', mocks: [partMock([PHOTO, REPORT, LOG])] });
    const list = await screen.findByRole('list', { name: /^Files of / });
    await waitFor(() => expect(within(list).getAllByTestId('attachment-row')).toHaveLength(3));
    const rowsAdded: number[] = [];
    new MutationObserver((records) => {
      const rows = records.flatMap((record) =>
        [...record.addedNodes].filter((node) => node instanceof HTMLElement && node.tagName === 'LI'),
      );
      if (rows.length > 0) rowsAdded.push(rows.length);
    }).observe(list, { childList: true });
    const batch = Array.from({ length: 12 }, (_, i) =>
      attachment(20 + i, `batch-${20 + i}.txt`, 'text/plain', null),
    );

    client.cache.writeFragment({
      fragment: RecordAttachmentsFields,
      fragmentName: 'RecordAttachments',
      data: { __typename: 'Entity', id: ENTITY_ID, fileAttachments: [PHOTO, REPORT, LOG, ...batch] } as never,
    });

    expect(await screen.findByRole('heading', { name: 'Attachments (15)' })).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByTestId('attachment-row')).toHaveLength(15));
    const names = within(list)
      .getAllByTestId('attachment-row')
      .map((row) => row.querySelector('[dir="auto"]')!.textContent);
    expect(names.slice(0, 3)).toEqual(['batch-31.txt', 'batch-30.txt', 'batch-29.txt']);
    expect(Math.max(...rowsAdded)).toBeLessThanOrEqual(5);
    expect(rowsAdded.length).toBeGreaterThan(1);
  });

  it('draws only the added row when a file is attached to a long list', async () => {
    const listed = Array.from({ length: 12 }, (_, i) =>
      attachment(100 + i, `listed-${i}.txt`, 'text/plain', null),
    );
    const { client } = await renderApp({ path: '/parts/1', mocks: [partMock(listed)] });
    const list = await screen.findByRole('list', { name: /^Files of / });
    await waitFor(() => expect(within(list).getAllByTestId('attachment-row')).toHaveLength(12));
    // Settled: the queue has said this person may attach (every row shows its Delete), which would
    // otherwise land later and draw every row for a reason of its own.
    await waitFor(() => expect(within(list).getAllByRole('button', { name: /^Delete / })).toHaveLength(12));
    await act(async () => {});
    // The counting stand-in drew the rows so far: it is this file's own (vitest.config.ts gives files
    // that replace a module a module graph of their own; shared, a full run once read 0 here).
    expect(thumbnails.rendered).toBeGreaterThanOrEqual(12);
    thumbnails.rendered = 0;

    // As the upload's registration lands: the record's list written again with the new file at its end.
    const added = attachment(200, 'added.txt', 'text/plain', null);
    client.cache.writeFragment({
      fragment: RecordAttachmentsFields,
      fragmentName: 'RecordAttachments',
      data: { __typename: 'Entity', id: ENTITY_ID, fileAttachments: [...listed, added] } as never,
    });

    expect(await screen.findByRole('heading', { name: 'Attachments (13)' })).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByTestId('attachment-row')).toHaveLength(13));
    await act(async () => {});
    expect(thumbnails.rendered).toBe(1);
  });

  it("reads a changed list once for the page's query and the panel together", async () => {
    // The app's client: its document transform, and a cache counting each read of the new file's row.
    let addedReads = 0;
    const cache = new InMemoryCache({
      typePolicies: {
        ...typePolicies,
        FileAttachment: {
          keyFields: ['id'],
          fields: {
            filename: {
              read(name: unknown) {
                if (name === 'added.txt') addedReads += 1;
                return name;
              },
            },
          },
        },
      },
    });
    const listed = Array.from({ length: 12 }, (_, i) =>
      attachment(100 + i, `listed-${i}.txt`, 'text/plain', null),
    );
    const client = new ApolloClient({
      cache,
      link: new MockLink([currentUserMock, partMock(listed)]),
      documentTransform: attachmentsReadByPanel,
    });
    await renderApp({ path: '/parts/1', client });
    const list = await screen.findByRole('list', { name: /^Files of / });
    await waitFor(() => expect(within(list).getAllByTestId('attachment-row')).toHaveLength(12));
    await act(async () => {});

    // As the upload's registration lands: the new file written, then added to the record's list.
    const added = attachment(200, 'added.txt', 'text/plain', null);
    cache.writeFragment({ fragment: AttachmentItemFields, data: added as never });
    addedReads = 0;
    cache.modify({
      id: cache.identify({ __typename: 'Entity', id: ENTITY_ID }),
      fields: {
        fileAttachments: (refs: readonly Reference[]) => [...refs, { __ref: cache.identify(added)! }],
      },
    });

    expect(await screen.findByRole('heading', { name: 'Attachments (13)' })).toBeInTheDocument();
    // Watched by the page's PartRecord query and by the panel: read once for both as the change is
    // broadcast (3 times in all before they shared it), and once more as the page's query checks for
    // an optimistic layer (Apollo compares its read with one of the cache without those layers).
    expect(addedReads).toBe(2);
  });

  it('draws a file uploaded from here once, with its size, as it is listed', async () => {
    const listed = Array.from({ length: 6 }, (_, i) =>
      attachment(300 + i, `listed-${i}.txt`, 'text/plain', null),
    );
    const { client, queue } = await renderApp({ path: '/parts/1', mocks: [partMock(listed)] });
    // As in the app (attachmentAppender): the registered file is written into the record's list in
    // the task that announces it attached.
    queue.onEvents((events) => {
      for (const event of events) {
        if (event.type !== 'attached' || event.entry.attachmentId === undefined) continue;
        const added = attachment(event.entry.attachmentId, event.entry.filename, 'text/plain', null);
        client.cache.writeFragment({
          fragment: RecordAttachmentsFields,
          fragmentName: 'RecordAttachments',
          data: { __typename: 'Entity', id: ENTITY_ID, fileAttachments: [...listed, added] } as never,
        });
      }
    });
    const list = await screen.findByRole('list', { name: /^Files of / });
    await waitFor(() => expect(within(list).getAllByRole('button', { name: /^Delete / })).toHaveLength(6));
    await act(async () => {});
    thumbnails.rendered = 0;

    act(() => {
      queue.add([new File(['0123456789'], 'gauge.txt', { type: 'text/plain' })], {
        entityId: ENTITY_ID,
        label: 'Part BRKT-0001',
        record: { kind: 'part', id: 1 },
      });
    });

    const row = (await within(list).findByText('gauge.txt')).closest('li')!;
    expect(row).toHaveTextContent('10 B');
    await act(async () => {});
    expect(thumbnails.rendered).toBe(1);
  });

  it('brings each file uploaded from here into view without drawing the one before it again', async () => {
    const listed = [attachment(400, 'listed-0.txt', 'text/plain', null)];
    const { client, queue } = await renderApp({ path: '/parts/1', mocks: [partMock([...listed])] });
    queue.onEvents((events) => {
      for (const event of events) {
        if (event.type !== 'attached' || event.entry.attachmentId === undefined) continue;
        listed.push(attachment(event.entry.attachmentId, event.entry.filename, 'text/plain', null));
        client.cache.writeFragment({
          fragment: RecordAttachmentsFields,
          fragmentName: 'RecordAttachments',
          data: { __typename: 'Entity', id: ENTITY_ID, fileAttachments: [...listed] } as never,
        });
      }
    });
    const list = await screen.findByRole('list', { name: /^Files of / });
    // Settled: the queue has said this person may attach (the row shows its Delete).
    await within(list).findByRole('button', { name: 'Delete listed-0.txt' });
    const target = { entityId: ENTITY_ID, label: 'Part BRKT-0001', record: { kind: 'part', id: 1 } } as const;
    const scrolled: string[] = [];
    const scrollIntoView = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (
      this: HTMLElement,
    ) {
      if (this.dataset.testid === 'attachment-row') scrolled.push(this.textContent ?? '');
    });
    try {
      act(() => void queue.add([new File(['0123456789'], 'first.txt', { type: 'text/plain' })], target));
      await within(list).findByText('first.txt');
      await waitFor(() => expect(scrolled.at(-1)).toContain('first.txt'));
      await act(async () => {});
      thumbnails.rendered = 0;

      act(() => void queue.add([new File(['01234'], 'second.txt', { type: 'text/plain' })], target));
      await within(list).findByText('second.txt');
      await waitFor(() => expect(scrolled.at(-1)).toContain('second.txt'));
      await act(async () => {});
      // The new row only: the first one, no longer the latest, is not drawn again for it.
      expect(thumbnails.rendered).toBe(1);
    } finally {
      scrollIntoView.mockRestore();
    }
  });

  it('lists the files on their way to the record just above its attachments, where they land', async () => {
    const { queue } = await renderApp({ path: '/parts/1', mocks: [partMock([PHOTO])] });
    const heading = await screen.findByRole('heading', { name: 'Attachments (1)' });
    act(() => {
      queue.add([new File(['x'], 'torque.pdf', { type: 'application/pdf' })], {
        entityId: ENTITY_ID,
        label: 'Part BRKT-0001',
        record: { kind: 'part', id: 1 },
      });
    });

    const uploads = await screen.findByRole('region', { name: /^Uploads to / });
    const title = screen.getByRole('heading', { level: 1 });
    const before = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    // Below the record's own title and fields, above its attachments: not above the whole page.
    expect(before(title, uploads)).toBe(true);
    expect(before(screen.getByText('Bracket, engine mount'), uploads)).toBe(true);
    expect(before(uploads, heading)).toBe(true);
    expect(within(uploads).getByText('torque.pdf')).toBeInTheDocument();
  });

  it('sorts by name or type on request, and back to newest first', async () => {
    const { user } = await renderApp({ path: '/parts/1', mocks: [partMock([LOG, PHOTO, REPORT])] });
    const names = async () =>
      (await screen.findAllByTestId('attachment-row')).map(
        (row) => within(row).getByText(/\.(png|pdf|log)$/).textContent,
      );
    expect(await names()).toEqual(['machine.log', 'report.pdf', 'bracket.png']);
    await user.click(screen.getByRole('radio', { name: 'Name' }));
    expect(await names()).toEqual(['bracket.png', 'machine.log', 'report.pdf']);
    await user.click(screen.getByRole('radio', { name: 'Type' }));
    expect(await names()).toEqual(['bracket.png', 'report.pdf', 'machine.log']);
    await user.click(screen.getByRole('radio', { name: 'Newest' }));
    expect(await names()).toEqual(['machine.log', 'report.pdf', 'bracket.png']);
  });

  it('renders hostile and direction-overriding names as visible text', async () => {
    const hostile = attachment(10, '<img src=x onerror=alert(1)>.png', 'image/png', 'javascript:alert(1)');
    const rtl = attachment(11, 'invoice\u202Egnp.exe', 'application/octet-stream', null);
    const { container } = await renderApp({ path: '/parts/1', mocks: [partMock([hostile, rtl])] });

    expect(await screen.findByText('<img src=x onerror=alert(1)>.png')).toBeInTheDocument();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    // A non-http URL is never loaded, not even as a thumbnail.
    expect(container.querySelector('img[src^="javascript"]')).toBeNull();
    expect(screen.getByText('invoice[U+202E]gnp.exe')).toBeInTheDocument();
    expect(
      screen.getByText('This name contains hidden characters, shown as [U+…] codes.'),
    ).toBeInTheDocument();
  });

  it('previews an image through a freshly fetched URL', async () => {
    const fresh: MockLink.MockedResponse = {
      request: { query: FreshDownloadUrlDocument, variables: { id: '7' } },
      result: {
        data: {
          fileAttachment: {
            __typename: 'FileAttachment',
            id: 7,
            filename: 'bracket.png',
            contentType: 'image/png',
            downloadUrl: 'https://storage.test/bracket.png?sig=fresh',
          },
        },
      },
    };
    const { user } = await renderApp({ path: '/parts/1', mocks: [partMock([PHOTO]), fresh] });
    await user.click(await screen.findByRole('button', { name: 'Preview bracket.png' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('attachment-preview-image')).toHaveAttribute(
      'src',
      'https://storage.test/bracket.png?sig=fresh',
    );
  });

  it('shows why a preview failed', async () => {
    const refused: MockLink.MockedResponse = {
      request: { query: FreshDownloadUrlDocument, variables: { id: '8' } },
      result: { errors: [new GraphQLError('Permission denied')] },
    };
    const { user } = await renderApp({ path: '/parts/1', mocks: [partMock([REPORT]), refused] });
    await user.click(await screen.findByRole('button', { name: 'Preview report.pdf' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('The preview could not be opened')).toBeInTheDocument();
    expect(within(dialog).getByText(/do not have permission/)).toBeInTheDocument();
  });

  it('deletes only after confirmation and removes the row', async () => {
    const deleted: MockLink.MockedResponse = {
      request: {
        query: DeleteAttachmentDocument,
        variables: { input: { fileAttachmentId: '9', entityId: String(ENTITY_ID) } },
      },
      result: {
        data: {
          deleteFileAttachment: {
            __typename: 'DeleteFileAttachment',
            fileAttachmentId: 9,
            entityId: ENTITY_ID,
          },
        },
      },
    };
    const { user } = await renderApp({ path: '/parts/1', mocks: [partMock([PHOTO, LOG]), deleted] });
    await user.click(await screen.findByRole('button', { name: 'Delete machine.log' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete attachment?' });
    expect(
      within(dialog).getByText(/“machine.log” will be removed from Part 1: BRKT-0001 rev C/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /^Delete$/ }));
    expect(await screen.findByRole('heading', { name: 'Attachments (1)' })).toBeInTheDocument();
    expect(screen.queryByText('machine.log')).not.toBeInTheDocument();
    // Focus is not lost with the row: it lands on the list's heading.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Attachments (1)' })).toHaveFocus());
  });

  it('shows the server’s refusal when deleting is not allowed, and keeps the file', async () => {
    const denied: MockLink.MockedResponse = {
      request: {
        query: DeleteAttachmentDocument,
        variables: { input: { fileAttachmentId: '7', entityId: String(ENTITY_ID) } },
      },
      result: { errors: [new GraphQLError('Permission denied: viewers cannot delete attachments')] },
    };
    const { user } = await renderApp({ path: '/parts/1', mocks: [partMock([PHOTO]), denied] });
    await user.click(await screen.findByRole('button', { name: 'Delete bracket.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete attachment?' });
    await user.click(within(dialog).getByRole('button', { name: /^Delete$/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/do not have permission/);
    expect(screen.getByRole('heading', { name: 'Attachments (1)' })).toBeInTheDocument();
  });
});

describe('record page states', () => {
  it('refuses an id that is not a number without asking the server', async () => {
    await renderApp({ path: '/parts/abc' });
    expect(await screen.findByRole('alert')).toHaveTextContent('“abc” is not a part id');
  });

  it('says when the record does not exist', async () => {
    const missing: MockLink.MockedResponse = {
      request: { query: PartRecordDocument, variables: { id: '1' } },
      result: { data: { part: null, runs: NO_RUNS } },
    };
    await renderApp({ path: '/parts/1', mocks: [missing] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Part 1 was not found');
  });

  it('shows a permission error in place', async () => {
    const denied: MockLink.MockedResponse = {
      request: { query: PartRecordDocument, variables: { id: '1' } },
      result: { errors: [new GraphQLError('Permission denied')] },
    };
    await renderApp({ path: '/parts/1', mocks: [denied] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Part 1 could not be opened');
    expect(alert).toHaveTextContent(/do not have permission/);
  });

  it('shows the key fields of the record', async () => {
    await renderApp({ path: '/parts/1', mocks: [partMock([])] });
    expect(await screen.findByRole('heading', { level: 1, name: 'BRKT-0001 rev C' })).toBeInTheDocument();
    expect(screen.getByText('Bracket, engine mount')).toBeInTheDocument();
    expect(screen.getByText('Serial')).toBeInTheDocument();
    expect(screen.getByText('14 days')).toBeInTheDocument();
  });
});
