import { describe, expect, it, vi } from 'vitest';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { gql } from '@apollo/client';
import { createApolloClient } from './createApolloClient.ts';
import type { LinkDependencies } from './links.ts';
import { toUserMessage } from './errors.ts';

const MeQuery = gql`
  query Me {
    me {
      id
      name
    }
  }
`;
const AttachMutation = gql`
  mutation Attach($input: CreateFileAttachmentInput!) {
    createFileAttachment(input: $input) {
      fileAttachment {
        id
      }
    }
  }
`;

const ME = { data: { me: { __typename: 'User', id: 1, name: 'Taylor' } } };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fake API: answers requests in order and records the Authorization header of each. */
function fakeApi(...responses: (Response | Error)[]) {
  const authorizations: (string | null)[] = [];
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    authorizations.push(new Headers(init?.headers).get('authorization'));
    const next = responses.shift();
    if (!next) throw new Error('unexpected request');
    if (next instanceof Error) throw next;
    return next;
  });
  return { fetch, authorizations };
}

function setup(fetch: typeof globalThis.fetch, overrides: Partial<LinkDependencies> = {}) {
  let token = 'token-1';
  const deps = {
    uri: () => 'http://api.test/graphql',
    getAccessToken: vi.fn(async () => token),
    renewAccessToken: vi.fn(async () => {
      token = 'token-2';
      return token;
    }),
    onSessionEnded: vi.fn(),
    fetch,
    backoff: { baseMs: 1, maxMs: 4 },
    maxAttempts: 3,
    ...overrides,
  };
  return { client: createApolloClient(deps), deps };
}

describe('GraphQL links', () => {
  it('sends the current access token as a Bearer header', async () => {
    const api = fakeApi(json(ME));
    const { client } = setup(api.fetch);
    await expect(client.query({ query: MeQuery })).resolves.toMatchObject({ data: ME.data });
    expect(api.authorizations).toEqual(['Bearer token-1']);
  });

  it('treats `errors` in an HTTP 200 response as a failure, in words a technician can act on', async () => {
    const api = fakeApi(json({ data: { me: null }, errors: [{ message: 'Part 9 not found' }] }));
    const { client } = setup(api.fetch);
    const error = await client.query({ query: MeQuery, errorPolicy: 'all' }).then(
      (result) => result.error,
      (e: unknown) => e,
    );
    expect(CombinedGraphQLErrors.is(error)).toBe(true);
    expect(toUserMessage(error)).toBe('That record was not found. Check the id.');
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });

  it('renews once and retries once after a 401 "Token is expired."', async () => {
    const api = fakeApi(json({ errors: [{ message: 'Token is expired.' }] }, 401), json(ME));
    const { client, deps } = setup(api.fetch);
    await expect(client.query({ query: MeQuery })).resolves.toMatchObject({ data: ME.data });
    expect(deps.renewAccessToken).toHaveBeenCalledTimes(1);
    expect(api.authorizations).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(deps.onSessionEnded).not.toHaveBeenCalled();
  });

  it('renews after "Token is expired." in an HTTP 200 body too', async () => {
    const api = fakeApi(json({ data: null, errors: [{ message: 'Token is expired.' }] }), json(ME));
    const { client, deps } = setup(api.fetch);
    await expect(client.query({ query: MeQuery })).resolves.toMatchObject({ data: ME.data });
    expect(deps.renewAccessToken).toHaveBeenCalledTimes(1);
  });

  it('ends the session when the API still refuses the renewed token, without a third try', async () => {
    const refused = () => json({ errors: [{ message: 'Token is expired.' }] }, 401);
    const api = fakeApi(refused(), refused(), refused());
    const { client, deps } = setup(api.fetch);
    const error = await client.query({ query: MeQuery }).catch((e: unknown) => e);
    expect(ServerError.is(error) && error.statusCode).toBe(401);
    expect(api.fetch).toHaveBeenCalledTimes(2);
    expect(deps.renewAccessToken).toHaveBeenCalledTimes(1);
    expect(deps.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('does not retry when the renewal itself fails', async () => {
    const api = fakeApi(json({ errors: [{ message: 'Token is expired.' }] }, 401));
    const { client, deps } = setup(api.fetch, { renewAccessToken: vi.fn(async () => null) });
    await expect(client.query({ query: MeQuery })).rejects.toBeTruthy();
    expect(api.fetch).toHaveBeenCalledTimes(1);
    expect(deps.renewAccessToken).toHaveBeenCalledTimes(1);
  });

  it('retries a mutation once after a 401 (the refused request did nothing)', async () => {
    const created = {
      data: {
        createFileAttachment: {
          __typename: 'CreateFileAttachment',
          fileAttachment: { __typename: 'FileAttachment', id: 5 },
        },
      },
    };
    const api = fakeApi(json({ errors: [{ message: 'Token is expired.' }] }, 401), json(created));
    const { client } = setup(api.fetch);
    await expect(
      client.mutate({ mutation: AttachMutation, variables: { input: {} } }),
    ).resolves.toMatchObject({
      data: created.data,
    });
    expect(api.fetch).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['a network failure', () => new TypeError('Failed to fetch')],
    ['HTTP 429', () => json({ errors: [{ message: 'Too many requests' }] }, 429)],
    ['HTTP 503', () => new Response('<html>Service Unavailable</html>', { status: 503 })],
  ])('retries a query after %s and succeeds', async (_name, failure) => {
    const api = fakeApi(failure(), failure(), json(ME));
    const { client } = setup(api.fetch);
    await expect(client.query({ query: MeQuery })).resolves.toMatchObject({ data: ME.data });
    expect(api.fetch).toHaveBeenCalledTimes(3);
  });

  it("waits as long as the API's Retry-After asks before trying a query again", async () => {
    vi.useFakeTimers();
    try {
      const busy = new Response(JSON.stringify({ errors: [{ message: 'busy' }] }), {
        status: 503,
        headers: { 'content-type': 'application/json', 'Retry-After': '20' },
      });
      const api = fakeApi(busy, json(ME));
      const { client } = setup(api.fetch);
      const result = client.query({ query: MeQuery });
      await vi.advanceTimersByTimeAsync(19_900);
      expect(api.fetch).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(100);
      await expect(result).resolves.toMatchObject({ data: ME.data });
      expect(api.fetch).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up after maxAttempts with one failure', async () => {
    const api = fakeApi(...[1, 2, 3].map(() => json({ errors: [{ message: 'busy' }] }, 503)));
    const { client } = setup(api.fetch);
    const error = await client.query({ query: MeQuery }).catch((e: unknown) => e);
    expect(api.fetch).toHaveBeenCalledTimes(3);
    expect(toUserMessage(error)).toBe('The server had a problem. Wait a moment and try again.');
  });

  it('never retries a mutation after a server failure (it may have been applied)', async () => {
    const api = fakeApi(json({ errors: [{ message: 'boom' }] }, 502));
    const { client } = setup(api.fetch);
    await expect(client.mutate({ mutation: AttachMutation, variables: { input: {} } })).rejects.toBeTruthy();
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });

  it('leaves transient retries to a caller that retries itself (retryTransient: false)', async () => {
    const api = fakeApi(json({ errors: [{ message: 'busy' }] }, 503), json(ME));
    const { client } = setup(api.fetch);
    await expect(client.query({ query: MeQuery, context: { retryTransient: false } })).rejects.toBeTruthy();
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });

  it('does not retry a GraphQL error (the same request would fail again)', async () => {
    const api = fakeApi(json({ errors: [{ message: 'Cannot query field "x"' }] }, 400));
    const { client } = setup(api.fetch);
    await expect(client.query({ query: MeQuery })).rejects.toBeTruthy();
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });
});
