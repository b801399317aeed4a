import { describe, expect, it } from 'vitest';
import { ApolloClient, ApolloLink, gql, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { Observable } from 'rxjs';
import { isAuthFailure, isClientReset, isTransientFailure, toUserMessage } from './errors.ts';
import { UploadError } from '../upload/uploadErrors.ts';
import { classifyApiError } from '../upload/apolloUploadApi.ts';

function serverError(status: number, body: unknown = { errors: [{ message: 'x' }] }): ServerError {
  const bodyText = typeof body === 'string' ? body : JSON.stringify(body);
  return new ServerError('Response not successful', {
    response: new Response(bodyText, { status }),
    bodyText,
  });
}

function graphQLError(message: string): CombinedGraphQLErrors {
  return new CombinedGraphQLErrors({ errors: [{ message }] });
}

describe('toUserMessage', () => {
  it.each([
    [
      'an expired token',
      graphQLError('Token is expired.'),
      'Your session has ended. Sign in again to continue.',
    ],
    ['a 401', serverError(401), 'Your session has ended. Sign in again to continue.'],
    [
      'a permission error',
      graphQLError('Permission denied: cannot attach'),
      'You do not have permission to do this. Ask a supervisor if you need it.',
    ],
    ['a 403', serverError(403), 'You do not have permission to do this. Ask a supervisor if you need it.'],
    ['a missing record', graphQLError('Run 999 not found'), 'That record was not found. Check the id.'],
    ['rate limiting', serverError(429), 'The server is busy. Wait a moment and try again.'],
    [
      'a 502 HTML page',
      serverError(502, '<html>Bad gateway</html>'),
      'The server had a problem. Wait a moment and try again.',
    ],
    [
      'a network failure',
      new TypeError('Failed to fetch'),
      'Cannot reach the server. Check the Wi-Fi connection and try again.',
    ],
    ['a cancelled request', new DOMException('aborted', 'AbortError'), 'The request was cancelled.'],
    [
      'any other API message',
      graphQLError('Filename is required'),
      'The server refused the request: Filename is required',
    ],
    [
      'a message already written for people',
      new UploadError('url-rejected', 'The upload link expired; retrying.'),
      'The upload link expired; retrying.',
    ],
    ['something unknown', 'weird', 'Something went wrong. Try again.'],
  ])('explains %s', (_name, error, message) => {
    expect(toUserMessage(error)).toBe(message);
  });

  it('reads the API message from a non-2xx JSON body', () => {
    expect(
      toUserMessage(serverError(400, { errors: [{ message: 'Variable "$id" got invalid value' }] })),
    ).toBe('The server refused the request: Variable "$id" got invalid value');
  });

  it('treats an unparseable 200 body as a server problem', () => {
    const error = new ServerParseError(new Error('Unexpected token <'), {
      response: new Response('<html>', { status: 200 }),
      bodyText: '<html>',
    });
    expect(toUserMessage(error)).toBe('The server had a problem. Wait a moment and try again.');
  });
});

describe('failure classes', () => {
  it('recognises every refused-token message of the real service', () => {
    for (const message of [
      'Token is expired.',
      'Please provide proper credentials',
      'Unable to parse authentication token',
      'Unable to find appropriate RSA key',
    ]) {
      expect(isAuthFailure(graphQLError(message))).toBe(true);
    }
    expect(isAuthFailure(graphQLError('Permission denied'))).toBe(false);
  });

  it('retries only what may succeed later', () => {
    expect(isTransientFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isTransientFailure(serverError(429))).toBe(true);
    expect(isTransientFailure(serverError(503))).toBe(true);
    expect(isTransientFailure(serverError(400))).toBe(false);
    expect(isTransientFailure(serverError(401))).toBe(false);
    expect(isTransientFailure(graphQLError('Token is expired.'))).toBe(false);
    expect(isTransientFailure(new DOMException('aborted', 'AbortError'))).toBe(false);
  });
});

describe('failures nobody worded', () => {
  it("never pass an unknown error's own text on", () => {
    const apollo = new Error(
      'An error occurred! For more details, see the full error text at https://go.apollo.dev/c/err#%7B%22version%22%3A%224.3.8%22%7D',
    );
    expect(toUserMessage(apollo)).toBe('Something went wrong. Try again.');
    expect(toUserMessage(new RangeError('Invalid array length'))).toBe('Something went wrong. Try again.');
  });

  it("never pass a library's text that arrived as an API message", () => {
    const linked = graphQLError(
      'An error occurred! For more details, see the full error text at https://go.apollo.dev/c/err#%7B%7D',
    );
    expect(toUserMessage(linked)).toBe('Something went wrong. Try again.');
    expect(toUserMessage(graphQLError('TypeError: Cannot read properties of undefined (reading "id")'))).toBe(
      'Something went wrong. Try again.',
    );
    expect(toUserMessage(graphQLError('x'.repeat(500)))).toBe('Something went wrong. Try again.');
    expect(toUserMessage(serverError(400, { errors: [{ message: 'at handler (/srv/app.js:1:2)\n' }] }))).toBe(
      'The server refused the request (HTTP 400). If it keeps happening, tell a supervisor.',
    );
  });

  it('a real Apollo invariant of the production build is worded, whatever its number', async () => {
    const { InvariantError } = await import('@apollo/client/utilities/invariant');
    const error = new InvariantError(
      'An error occurred! For more details, see the full error text at https://go.apollo.dev/c/err#%7B%22version%22%3A%224.3.8%22%2C%22message%22%3A12%7D',
    );
    expect(toUserMessage(error)).toBe('Something went wrong. Try again.');
    expect(classifyApiError(error).message).toBe('Something went wrong. Try again.');
  });

  it('a request cut off by a store reset (a sign-out on a shared tablet) is tried again, in words', async () => {
    // A server that has not answered yet when the store is reset.
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: new ApolloLink(() => new Observable(() => {})),
    });
    const pending = client.query({ query: gql('query Waiting { me { id } }'), fetchPolicy: 'network-only' });
    await client.clearStore();
    const error = await pending.then(
      () => null,
      (reason: unknown) => reason,
    );

    expect(isClientReset(error)).toBe(true);
    expect(isTransientFailure(error)).toBe(true);
    expect(toUserMessage(error)).toBe('The request was interrupted. Wait a moment and try again.');
    expect(classifyApiError(error)).toMatchObject({
      kind: 'interrupted',
      message: expect.not.stringMatching(/apollo/i),
    });
  });
});
