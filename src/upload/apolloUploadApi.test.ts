import { gql } from '@apollo/client';
import { describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../graphql/createApolloClient.ts';
import { createApolloUploadApi } from './apolloUploadApi.ts';
import type { UploadTarget } from './types.ts';

/** An answer, after `delayMs` when given (each in a task of its own). */
type Answer = { status?: number; body: unknown; delayMs?: number };

/** The app's real Apollo client over a fetch that answers each operation from a script. */
function setup(
  answers: Record<string, Answer[]>,
  renewed: string | null = 'token-2',
  options?: Parameters<typeof createApolloUploadApi>[1],
) {
  const requests: { operationName: string; variables: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as {
      operationName: string;
      variables: Record<string, unknown>;
    };
    requests.push(body);
    const answer = answers[body.operationName]?.shift();
    if (!answer) throw new TypeError('Failed to fetch');
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  const client = createApolloClient({
    uri: () => 'http://api.test/graphql',
    getAccessToken: async () => 'token-1',
    renewAccessToken: async () => renewed,
    onSessionEnded: () => {},
    fetch,
    backoff: { baseMs: 1, maxMs: 1 },
  });
  return { client, api: createApolloUploadApi(client, options), requests };
}

const target: UploadTarget = { entityId: 9001, label: 'Run 3', record: { kind: 'run', id: 3 } };
const signal = new AbortController().signal;

const attachment = {
  __typename: 'FileAttachment',
  id: 77,
  filename: 'Prüfung.pdf',
  contentType: 'application/pdf',
  downloadUrl: 'http://storage.test/get/77',
  entityId: 9001,
  _created: '2025-01-01T00:00:00Z',
};

const RunAttachments = gql`
  query RunAttachmentsForTest {
    run(id: 3) {
      id
      entity {
        id
        fileAttachments {
          id
          filename
        }
      }
    }
  }
`;

type TestClient = ReturnType<typeof setup>['client'];

/** Run 3 and its entity 9001, holding these attachments, as the API answers it. */
const run3 = (fileAttachments: object[]) => ({
  run: { __typename: 'Run', id: 3, entity: { __typename: 'Entity', id: 9001, fileAttachments } },
});

/** Puts run 3's attachments list (entity 9001) in the cache, holding these filenames. */
function cacheRunAttachments(client: TestClient, filenames: string[]) {
  client.writeQuery({
    query: RunAttachments,
    data: run3(filenames.map((filename, i) => ({ __typename: 'FileAttachment', id: i + 1, filename }))),
  });
}

/** The filenames in run 3's cached attachments list, read now. */
const cachedFilenames = (client: TestClient) =>
  (
    client.readQuery({ query: RunAttachments }) as {
      run: { entity: { fileAttachments: { filename: string }[] } };
    }
  ).run.entity.fileAttachments.map((item) => item.filename);

describe('createApolloUploadApi', () => {
  it('asks for a ticket', async () => {
    const { api, requests } = setup({
      UploadTicket: [
        {
          body: {
            data: {
              requestFileUploadUrl: {
                __typename: 'FileUploadTicket',
                uploadUrl: 'http://storage.test/put/1',
                s3Key: 'k/1',
                contentType: 'image/jpeg',
              },
            },
          },
        },
      ],
    });
    await expect(api.requestTicket('photo.jpg', signal)).resolves.toMatchObject({
      uploadUrl: 'http://storage.test/put/1',
      s3Key: 'k/1',
      contentType: 'image/jpeg',
    });
    expect(requests[0]!.variables).toEqual({ filename: 'photo.jpg' });
  });

  it('registers on the entity id with validateUpload and appends to the entity in the cache', async () => {
    const { client, api, requests } = setup({
      AttachUploadedFile: [
        {
          body: {
            data: {
              createFileAttachment: { __typename: 'CreateFileAttachment', fileAttachment: attachment },
            },
          },
        },
      ],
    });
    cacheRunAttachments(client, ['old.txt']);

    await expect(
      api.register({ filename: 'Prüfung.pdf', s3Key: 'k/1', s3Etag: 'abc', target }, signal),
    ).resolves.toBe(77);

    expect(requests[0]!.variables).toEqual({
      input: { filename: 'Prüfung.pdf', s3Key: 'k/1', s3Etag: 'abc', entityId: '9001', validateUpload: true },
    });
    // Written by the appender (the mutation itself writes nothing), in the task after the answer.
    expect(cachedFilenames(client)).toEqual(['old.txt']);
    await vi.waitFor(() => expect(cachedFilenames(client)).toEqual(['old.txt', 'Prüfung.pdf']));
  });

  it('writes what was registered at once when asked to publish, and says so in the same task', async () => {
    const published: string[][] = [];
    const { client, api } = setup(
      {
        AttachUploadedFile: [
          {
            body: {
              data: {
                createFileAttachment: { __typename: 'CreateFileAttachment', fileAttachment: attachment },
              },
            },
          },
        ],
      },
      'token-3',
      { onPublished: () => published.push(cachedFilenames(client)) },
    );
    cacheRunAttachments(client, ['old.txt']);
    await api.register({ filename: 'Prüfung.pdf', s3Key: 'k/1', s3Etag: 'abc', target }, signal);
    api.publish!();
    expect(cachedFilenames(client)).toEqual(['old.txt', 'Prüfung.pdf']);
    expect(published).toEqual([['old.txt', 'Prüfung.pdf']]);
    // Nothing new: no write, no word.
    api.publish!();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(published).toHaveLength(1);
  });

  describe('appending to the record in the cache', () => {
    const attached = (id: number) => ({
      body: {
        data: {
          createFileAttachment: {
            __typename: 'CreateFileAttachment',
            fileAttachment: { ...attachment, id, filename: `new-${id}.pdf` },
          },
        },
      },
    });

    /** The run's cached list holding `count` files, and every list length a watcher of it was given. */
    function cachedList(client: TestClient, count: number) {
      cacheRunAttachments(
        client,
        Array.from({ length: count }, (_, i) => `old-${i + 1}.txt`),
      );
      const seen: number[] = [];
      const subscription = client
        .watchQuery({ query: RunAttachments, fetchPolicy: 'cache-only' })
        .subscribe((result) => {
          const data = result.data as { run: { entity: { fileAttachments: unknown[] } } } | undefined;
          if (data) seen.push(data.run.entity.fileAttachments.length);
        });
      return { seen, stop: () => subscription.unsubscribe() };
    }

    const input = (n: number) => ({ filename: `new-${n}.pdf`, s3Key: `k/${n}`, s3Etag: 'e', target });

    it('a short list shows each file as soon as it is registered', async () => {
      const { client, api } = setup({ AttachUploadedFile: [attached(101), attached(102), attached(103)] });
      const list = cachedList(client, 2);
      for (const n of [101, 102, 103]) {
        await api.register(input(n), signal);
        await vi.waitFor(() => expect(cachedFilenames(client)).toHaveLength(2 + n - 100));
      }
      await vi.waitFor(() => expect(list.seen).toEqual([2, 3, 4, 5]));
      list.stop();
    });

    it('registrations under way together change the list once, whatever the order of their answers', async () => {
      // Answers 30 ms apart, each in a task of its own: a short list alone would show each at once.
      const { client, api } = setup({
        AttachUploadedFile: [
          { ...attached(201), delayMs: 60 },
          { ...attached(202), delayMs: 30 },
          { ...attached(203), delayMs: 1 },
        ],
      });
      const list = cachedList(client, 2);
      const ids = await Promise.all([201, 202, 203].map((n) => api.register(input(n), signal)));
      expect(ids).toEqual([201, 202, 203]);
      await vi.waitFor(() => expect(cachedFilenames(client)).toHaveLength(5));
      await vi.waitFor(() => expect(list.seen).toEqual([2, 5]));
      list.stop();
    });

    it('a long list takes the first file at once and the rest of a burst together', async () => {
      // The window's clock is the test's: a busy machine cannot end the burst early.
      let now = 0;
      let due: { at: number; run: () => void }[] = [];
      const timers = {
        now: () => now,
        setTimeout: (run: () => void, ms: number) => void due.push({ at: now + ms, run }),
      };
      /** Runs what is due by `at` (the clock moved on to it). */
      const runUntil = (at: number) => {
        now = at;
        for (let next = due.find((timer) => timer.at <= now); next; next = due.find((t) => t.at <= now)) {
          due = due.filter((timer) => timer !== next);
          next.run();
        }
      };
      const { client, api } = setup(
        { AttachUploadedFile: [attached(501), attached(502), attached(503)] },
        'token-2',
        { maxAppendWindowMs: 100, timers },
      );
      const list = cachedList(client, 400);
      await api.register(input(501), signal);
      runUntil(0);
      expect(cachedFilenames(client)).toHaveLength(401);
      await api.register(input(502), signal);
      await api.register(input(503), signal);
      runUntil(0);
      expect(cachedFilenames(client)).toHaveLength(401);

      runUntil(100);
      expect(cachedFilenames(client)).toHaveLength(403);
      await vi.waitFor(() => expect(list.seen).toEqual([400, 401, 403]));
      list.stop();
    });
  });

  it('looks the s3Key up on the record of the right kind', async () => {
    const { api, requests } = setup({
      RunUploadLookup: [
        { body: { data: run3([{ __typename: 'FileAttachment', id: 77 }]) } },
        { body: { data: run3([]) } },
      ],
    });
    await expect(api.findAttachment(target, 'k/1', signal)).resolves.toBe(77);
    await expect(api.findAttachment(target, 'k/2', signal)).resolves.toBeNull();
    expect(requests.map((r) => r.variables)).toEqual([
      { id: '3', s3Key: 'k/1' },
      { id: '3', s3Key: 'k/2' },
    ]);
  });

  it('lists an attachment found under its key, as the lost answer of its registration would have', async () => {
    const { client, api } = setup({
      RunUploadLookup: [
        {
          body: {
            data: run3([
              { ...attachment, createdBy: { __typename: 'User', id: 1, name: 'Taylor Technician' } },
            ]),
          },
        },
      ],
    });
    cacheRunAttachments(client, ['old.txt']);

    await expect(api.findAttachment(target, 'k/1', signal)).resolves.toBe(77);
    api.publish?.();

    expect(cachedFilenames(client)).toEqual(['old.txt', 'Prüfung.pdf']);
  });

  it('treats errors in a 200 answer as failures and sorts them', async () => {
    const { api } = setup({
      AttachUploadedFile: [
        {
          body: {
            data: { createFileAttachment: null },
            errors: [{ message: 'Permission denied: cannot attach to this record' }],
          },
        },
        {
          body: {
            data: null,
            errors: [{ message: 'ETag mismatch for "k": storage has a, the request says b' }],
          },
        },
        {
          body: {
            data: null,
            errors: [{ message: 'Uploaded object "attachments/1/photo.jpg" was not found in storage' }],
          },
        },
        { body: { data: null, errors: [{ message: 'Entity 12 not found' }] } },
      ],
    });
    const input = { filename: 'a', s3Key: 'k', s3Etag: 'e', target };
    await expect(api.register(input, signal)).rejects.toMatchObject({
      kind: 'forbidden',
      message: expect.stringMatching(/permission/i),
    });
    await expect(api.register(input, signal)).rejects.toMatchObject({ kind: 'etag-mismatch' });
    await expect(api.register(input, signal)).rejects.toMatchObject({ kind: 'etag-mismatch' });
    await expect(api.register(input, signal)).rejects.toMatchObject({
      kind: 'permanent',
      message: expect.stringMatching(/not found/),
    });
  });

  it('classifies server trouble as transient and a session that cannot be renewed as sign-in', async () => {
    const { api } = setup(
      {
        AttachUploadedFile: [
          { status: 503, body: { errors: [{ message: 'Service unavailable' }] } },
          { status: 401, body: { errors: [{ message: 'Token is expired.' }] } },
        ],
      },
      null,
    );
    const input = { filename: 'a', s3Key: 'k', s3Etag: 'e', target };
    await expect(api.register(input, signal)).rejects.toMatchObject({ kind: 'transient' });
    await expect(api.register(input, signal)).rejects.toMatchObject({ kind: 'sign-in' });
  });

  it('a ticket request cut off by a store reset (a handover) is tried again, never shown as Apollo words it', async () => {
    // The server has not answered when the store is reset.
    const never = new Promise<Response>(() => {});
    const fetch = vi.fn(() => never);
    const waiting = createApolloClient({
      uri: () => 'http://api.test/graphql',
      getAccessToken: async () => 'token-1',
      renewAccessToken: async () => 'token-2',
      onSessionEnded: () => {},
      fetch,
      backoff: { baseMs: 1, maxMs: 1 },
    });
    const ticket = createApolloUploadApi(waiting).requestTicket('photo.jpg', signal);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await waiting.clearStore();

    await expect(ticket).rejects.toMatchObject({
      kind: 'interrupted',
      message: 'The request was interrupted. Wait a moment and try again.',
    });
  });
});
