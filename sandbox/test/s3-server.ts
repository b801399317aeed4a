import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StorageConfig } from '../src/config.ts';

// An S3 implementation nobody here wrote, verifying SigV4 as S3 does: @20minutes/s3rver (maintained fork of
// s3rver, pure JavaScript, installs from npm on Node 20), in this process.
const require = createRequire(import.meta.url);
const AUTHENTICATION = '@20minutes/s3rver/lib/middleware/authentication.js';

const plainEncode = globalThis.encodeURIComponent;
/** RFC 3986 encoding, as SigV4 canonicalises query strings: encodeURIComponent leaves !'()* alone. */
const encodeRfc3986 = (text: string | number | boolean) =>
  plainEncode(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

interface Ctx {
  path: string;
  params: { bucket?: string; key?: string };
}
type Middleware = (ctx: Ctx, next: () => Promise<void>) => Promise<void>;

/**
 * Two faults of s3rver's SigV4 verifier, mended around it before s3rver loads it:
 * - it canonicalises query values with encodeURIComponent, so every URL whose query has `*` or `'`
 *   fails its own check; each download URL has both (`filename*=UTF-8''…` in response-content-disposition);
 * - it drops the trailing slash of a bucket request (`PUT /sandbox/?cors`, as the AWS SDK sends it).
 * The verifier runs synchronously up to `next()`; both mends are undone before the request goes on.
 */
function patchVerifier(): void {
  const resolved = require.resolve(AUTHENTICATION);
  if (require.cache[resolved]?.exports.patchedForSandbox) return;
  const factory = require(resolved) as () => Middleware;
  const patched = Object.assign(
    () => {
      const authenticate = factory();
      return (ctx: Ctx, next: () => Promise<void>) => {
        const bucket = ctx.params.bucket;
        const undo = () => {
          globalThis.encodeURIComponent = plainEncode;
          ctx.params.bucket = bucket;
        };
        if (bucket && !ctx.params.key && ctx.path.endsWith('/')) ctx.params.bucket = `${bucket}/`;
        globalThis.encodeURIComponent = encodeRfc3986;
        try {
          return authenticate(ctx, () => {
            undo();
            return next();
          });
        } finally {
          undo();
        }
      };
    },
    { patchedForSandbox: true },
  );
  require.cache[resolved]!.exports = patched;
}

export interface S3Server {
  /** The storage configuration that points a sandbox at this server (path-style). */
  storage: Extract<StorageConfig, { kind: 's3' }>;
  endpoint: string;
  stop(): Promise<void>;
}

/** s3rver's one account. */
export const S3RVER_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Starts s3rver on 127.0.0.1 (`port` 0: any free one) with an empty bucket `sandbox` in a temporary directory. */
export async function startS3Server(port = 0): Promise<S3Server> {
  patchVerifier();
  const S3rver = require('@20minutes/s3rver') as new (options: Record<string, unknown>) => {
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
    httpServer?: Server;
  };
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: 'sandbox' }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    storage: {
      kind: 's3',
      endpoint,
      region: 'us-east-1',
      bucket: 'sandbox',
      forcePathStyle: true,
      ...S3RVER_KEY,
    },
    async stop() {
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
