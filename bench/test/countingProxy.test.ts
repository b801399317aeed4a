import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classify, operationNames, startCountingProxy, type CountingProxy } from '../lib/countingProxy.ts';
import { breakdown } from '../benchmarks/roundTrips.ts';

describe('classify and operationNames', () => {
  it('tells GraphQL, storage and preflight requests apart', () => {
    expect(classify('POST', '/graphql')).toBe('graphql');
    expect(classify('PUT', '/storage/sandbox/a/b.bin')).toBe('storage PUT');
    expect(classify('HEAD', '/storage/sandbox/a/b.bin')).toBe('storage HEAD');
    expect(classify('OPTIONS', '/storage/sandbox/a/b.bin')).toBe('CORS preflight');
    expect(classify('GET', '/oidc/jwks')).toBe('oidc');
  });

  it('names operations from operationName, the query text, or each request of a batch', () => {
    expect(operationNames('{"operationName":"Part","query":"query Part { part(id: 1) { id } }"}')).toEqual([
      'Part',
    ]);
    expect(operationNames('{"query":"mutation Register($i: X) { a }"}')).toEqual(['Register']);
    expect(operationNames('[{"query":"query A { a }"},{"query":"{ b }"}]')).toEqual(['A', '(anonymous)']);
  });
});

describe('counting proxy', () => {
  let upstream: http.Server;
  let proxy: CountingProxy;
  const hostsSeen: string[] = [];

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      hostsSeen.push(req.headers.host ?? '');
      req.resume();
      req.on('end', () => {
        res.setHeader('etag', '"abc"');
        res.end(req.method === 'HEAD' ? undefined : `${req.method} ${req.url}`);
      });
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    proxy = await startCountingProxy((upstream.address() as AddressInfo).port);
  });

  afterAll(async () => {
    await proxy.close();
    await new Promise((r) => upstream.close(r));
  });

  it('passes requests through unchanged and records each one', async () => {
    const gql = await fetch(`${proxy.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operationName: 'Ticket', query: 'query Ticket { a }' }),
    });
    expect(await gql.text()).toBe('POST /graphql');
    const put = await fetch(`${proxy.url}/storage/b/k?X-Amz-Signature=1`, { method: 'PUT', body: 'bytes' });
    expect(put.headers.get('etag')).toBe('"abc"');
    await fetch(`${proxy.url}/storage/b/k`, { method: 'HEAD' });
    expect(hostsSeen.at(-1)).toBe(new URL(proxy.url).host);
    const seen = proxy.seen();
    expect(seen.map((r) => r.kind)).toEqual(['graphql', 'storage PUT', 'storage HEAD']);
    expect(breakdown(seen)).toBe('graphql 1 (Ticket×1), storage PUT 1, storage HEAD 1');
    proxy.reset();
    expect(proxy.seen()).toEqual([]);
  });
});
