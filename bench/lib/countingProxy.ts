import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What kind of request reached the sandbox. */
export type RequestKind =
  'graphql' | 'storage PUT' | 'storage HEAD' | 'storage GET' | 'CORS preflight' | 'oidc' | 'other';

export interface SeenRequest {
  kind: RequestKind;
  method: string;
  path: string;
  /** GraphQL operation names in the body (several when batched). */
  operations: string[];
}

export interface CountingProxy {
  url: string;
  /** Requests seen since the last reset. */
  seen(): SeenRequest[];
  reset(): void;
  close(): Promise<void>;
}

export function classify(method: string, pathname: string): RequestKind {
  if (method === 'OPTIONS') return 'CORS preflight';
  if (pathname.startsWith('/graphql')) return 'graphql';
  if (pathname.startsWith('/storage/')) {
    if (method === 'PUT') return 'storage PUT';
    if (method === 'HEAD') return 'storage HEAD';
    if (method === 'GET') return 'storage GET';
  }
  if (pathname.startsWith('/oidc')) return 'oidc';
  return 'other';
}

/** Operation names of a GraphQL request body: `operationName`, else the first named operation. */
export function operationNames(body: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return ['(unparsed)'];
  }
  const requests = Array.isArray(parsed) ? parsed : [parsed];
  return requests.map((r: { operationName?: string; query?: string }) => {
    if (r?.operationName) return r.operationName;
    const match = /\b(?:query|mutation|subscription)\s+(\w+)/.exec(r?.query ?? '');
    return match?.[1] ?? '(anonymous)';
  });
}

/**
 * A transparent HTTP proxy in front of the sandbox that records every request reaching it. The Host
 * header is passed on unchanged, so signed storage URLs issued for the proxy's address verify.
 */
export function startCountingProxy(targetPort: number): Promise<CountingProxy> {
  let requests: SeenRequest[] = [];
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const method = req.method ?? 'GET';
    const pathname = (req.url ?? '/').split('?')[0]!;
    const record: SeenRequest = { kind: classify(method, pathname), method, path: pathname, operations: [] };
    requests.push(record);
    const chunks: Buffer[] = [];
    if (record.kind === 'graphql' && method === 'POST') req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (chunks.length > 0) record.operations = operationNames(Buffer.concat(chunks).toString());
    });
    const upstream = http.request(
      { host: '127.0.0.1', port: targetPort, method, path: req.url, headers: req.headers, agent },
      (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.rawHeaders);
        upstreamRes.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`bench proxy: ${error.message}`);
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        seen: () => [...requests],
        reset: () => {
          requests = [];
        },
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
            agent.destroy();
          }),
      });
    });
  });
}
