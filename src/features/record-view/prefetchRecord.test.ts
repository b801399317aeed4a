import { ApolloClient, ApolloLink, InMemoryCache, Observable, gql } from '@apollo/client';
import { describe, expect, it, vi } from 'vitest';
import { typePolicies } from '../../graphql/cache.ts';
import { prefetchRecord, recordVariables } from './prefetchRecord.ts';

const PartQuery = gql`
  query PartRecordForTest($id: ID!) {
    part(id: $id) {
      id
      partNumber
    }
  }
`;

/** A client whose network answers after `delayMs`, recording each request's variables. */
function countingClient(delayMs = 20) {
  const requests: Record<string, unknown>[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        requests.push(operation.variables);
        const timer = setTimeout(() => {
          observer.next({ data: { part: { __typename: 'Part', id: 7, partNumber: 'BRKT-7' } } });
          observer.complete();
        }, delayMs);
        return () => clearTimeout(timer);
      }),
  );
  return { client: new ApolloClient({ link, cache: new InMemoryCache({ typePolicies }) }), requests };
}

describe('prefetchRecord', () => {
  it("starts the page's query: the page's own query joins it instead of asking again", async () => {
    const { client, requests } = countingClient();
    prefetchRecord(client, PartQuery, '7');
    await vi.waitFor(() => expect(requests).toEqual([{ id: '7' }]));
    const page = await client.query({ query: PartQuery, variables: recordVariables(7) });
    expect(page.data).toEqual({ part: { __typename: 'Part', id: 7, partNumber: 'BRKT-7' } });
    expect(requests).toEqual([{ id: '7' }]);
  });

  it('asks nothing for an id the page would refuse', () => {
    const { client, requests } = countingClient();
    for (const raw of ['abc', '0', '-1', '1.5', '99999999999', '']) prefetchRecord(client, PartQuery, raw);
    expect(requests).toEqual([]);
  });

  it('keeps a failure for the page to show: nothing escapes the prefetch', async () => {
    const failing = new ApolloClient({
      link: new ApolloLink(() => new Observable((observer) => observer.error(new Error('offline')))),
      cache: new InMemoryCache(),
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      prefetchRecord(failing, PartQuery, '7');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      await expect(failing.query({ query: PartQuery, variables: recordVariables(7) })).rejects.toThrow(
        'offline',
      );
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
