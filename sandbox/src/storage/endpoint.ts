import type { IncomingMessage, ServerResponse } from 'node:http';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { Clock } from '../clock.ts';
import type { RouteHandler, UploadGate } from '../contracts.ts';
import { parseRange } from './byte-range.ts';
import { allowedOrigin, answerPreflight, isAllowedPreflightMethod, setCorsHeaders } from './cors.ts';
import {
  EntityTooLargeError,
  IncompleteBodyError,
  UploadSweptError,
  UrlAlreadyUsedError,
  type ObjectRecord,
  type ObjectStore,
} from './object-store.ts';
import { single, splitTarget, type Query } from './presigned-query.ts';
import { sendS3Error } from './s3-errors.ts';
import type { SignatureVerifier } from './signature-verifier.ts';

export const STORAGE_PREFIX = '/storage';

/** No space for the bytes (ENOSPC, EDQUOT) or for the metadata commit (SQLITE_FULL). */
function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL';
}
const MAX_KEY_BYTES = 1024;

// S3's response-* parameters of a signed GET: the signer decides how the browser presents the download.
const RESPONSE_OVERRIDES: Record<string, string> = {
  'response-content-type': 'Content-Type',
  'response-content-disposition': 'Content-Disposition',
  'response-content-language': 'Content-Language',
  'response-content-encoding': 'Content-Encoding',
  'response-cache-control': 'Cache-Control',
  'response-expires': 'Expires',
};

export interface StorageEndpointOptions {
  bucket: string;
  allowedOrigins: readonly string[];
  /** `Vary: Origin` on answers to requests without an allowed Origin too (S3 leaves it off those). */
  varyOrigin: boolean;
  maxUploadBytes: number;
  verify: SignatureVerifier;
  store: ObjectStore;
  clock: Clock;
  uploads?: UploadGate;
}

const SWEPT_MESSAGE =
  'This upload URL expired without its file being registered, and the upload was deleted; request a new one.';

const isOurs = (target: string) =>
  target === STORAGE_PREFIX ||
  target.startsWith(`${STORAGE_PREFIX}/`) ||
  target.startsWith(`${STORAGE_PREFIX}?`);

/** The built-in S3-style endpoint: presigned PUT, GET and HEAD of /storage/<bucket>/<key>, with CORS. */
export function createStorageEndpoint(options: StorageEndpointOptions): RouteHandler {
  const { store } = options;

  /** Refuses a body without reading it; the connection closes so the rest of the upload is not awaited. */
  function refuseBody(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    code: 'EntityTooLarge' | 'AccessDenied',
    message: string,
  ) {
    res.shouldKeepAlive = false;
    sendS3Error(res, req.method, status, code, message);
    req.resume();
  }

  async function put(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    signature: string,
    expiresAt: number,
  ) {
    if (store.isUsed(signature)) {
      refuseBody(req, res, 403, 'AccessDenied', 'This upload URL has already been used; request a new one.');
      return;
    }
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > options.maxUploadBytes) {
      refuseBody(
        req,
        res,
        413,
        'EntityTooLarge',
        `Your proposed upload exceeds the maximum allowed size of ${options.maxUploadBytes} bytes.`,
      );
      return;
    }
    const { uploads } = options;
    if (uploads && !uploads.begin(key)) {
      refuseBody(req, res, 403, 'AccessDenied', SWEPT_MESSAGE);
      return;
    }
    const contentType = req.headers['content-type'] ?? 'application/octet-stream';
    try {
      const object = await store.write(key, contentType, req, {
        maxBytes: options.maxUploadBytes,
        signature,
        signatureExpiresAt: expiresAt,
        mayCommit: () => uploads?.mayCommit(key) ?? true,
      });
      res.statusCode = 200;
      res.setHeader('ETag', object.etag);
      res.setHeader('Content-Length', 0);
      res.end();
    } catch (error) {
      if (error instanceof EntityTooLargeError) {
        refuseBody(
          req,
          res,
          413,
          'EntityTooLarge',
          `Your upload exceeds the maximum allowed size of ${options.maxUploadBytes} bytes.`,
        );
      } else if (error instanceof UrlAlreadyUsedError) {
        refuseBody(
          req,
          res,
          403,
          'AccessDenied',
          'This upload URL has already been used; request a new one.',
        );
      } else if (error instanceof UploadSweptError) {
        sendS3Error(res, req.method, 403, 'AccessDenied', SWEPT_MESSAGE);
      } else if (error instanceof IncompleteBodyError) {
        sendS3Error(
          res,
          req.method,
          400,
          'IncompleteBody',
          'The request body ended before Content-Length bytes arrived.',
        );
      } else if (isDiskFull(error)) {
        // Read the rest of the body first, so the client's connection stays usable for its next request.
        if (!req.readableEnded) {
          await new Promise<void>((resolve) => {
            req.once('end', resolve).once('close', resolve).resume();
          });
        }
        sendS3Error(
          res,
          req.method,
          507,
          'StorageFull',
          "The sandbox's disk is full, so the object was not stored. Free some space and upload again.",
        );
      } else {
        throw error;
      }
    } finally {
      uploads?.end(key);
    }
  }

  function setObjectHeaders(res: ServerResponse, record: ObjectRecord, query: Query): boolean {
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('ETag', record.etag);
    res.setHeader('Last-Modified', record.lastModified.toUTCString());
    res.setHeader('Content-Type', record.contentType);
    try {
      for (const [param, header] of Object.entries(RESPONSE_OVERRIDES)) {
        const value = single(query, param);
        if (value !== undefined) res.setHeader(header, value);
      }
    } catch {
      return false;
    }
    return true;
  }

  async function read(req: IncomingMessage, res: ServerResponse, key: string, query: Query) {
    const record = store.head(key);
    const file = record ? await open(record.file, 'r').catch(() => null) : null;
    if (!record || !file) {
      sendS3Error(res, req.method, 404, 'NoSuchKey', 'The specified key does not exist.');
      return;
    }
    try {
      if (!setObjectHeaders(res, record, query)) {
        sendS3Error(
          res,
          req.method,
          400,
          'InvalidArgument',
          'A response-* parameter is not a valid header value.',
        );
        return;
      }
      const range = parseRange(req.headers.range, record.size);
      if (range.kind === 'unsatisfiable') {
        res.removeHeader('Content-Disposition');
        sendS3Error(res, req.method, 416, 'InvalidRange', 'The requested range is not satisfiable', {
          'Content-Range': `bytes */${record.size}`,
        });
        return;
      }
      const start = range.kind === 'partial' ? range.start : 0;
      const end = range.kind === 'partial' ? range.end : record.size - 1;
      res.statusCode = range.kind === 'partial' ? 206 : 200;
      if (range.kind === 'partial') res.setHeader('Content-Range', `bytes ${start}-${end}/${record.size}`);
      res.setHeader('Content-Length', end - start + 1);
      if (req.method === 'HEAD' || record.size === 0) {
        res.end();
        return;
      }
      // A client that goes away mid-download ends the pipeline with an error nobody needs to hear about.
      await pipeline(file.createReadStream({ start, end, autoClose: false }), res).catch(() => undefined);
    } finally {
      await file.close();
    }
  }

  return async function handleStorage(req, res) {
    const target = req.url ?? '/';
    if (!isOurs(target)) return false;
    const method = req.method ?? 'GET';
    const origin = allowedOrigin(req, options.allowedOrigins);
    if (method === 'OPTIONS') {
      if (origin && isAllowedPreflightMethod(req)) answerPreflight(req, res, origin);
      else sendS3Error(res, method, 403, 'AccessDenied', 'CORSResponse: This CORS request is not allowed.');
      return true;
    }
    if (origin) setCorsHeaders(res, origin);
    else if (options.varyOrigin) res.setHeader('Vary', 'Origin');
    try {
      const parsed = splitTarget(target);
      const rest = parsed ? parsed.rawPath.slice(STORAGE_PREFIX.length + 1) : '';
      const slash = rest.indexOf('/');
      let bucket: string;
      let key: string;
      try {
        bucket = decodeURIComponent(slash === -1 ? rest : rest.slice(0, slash));
        key = slash === -1 ? '' : decodeURIComponent(rest.slice(slash + 1));
      } catch {
        bucket = '';
        key = '';
      }
      if (!parsed || bucket === '') {
        sendS3Error(res, method, 400, 'InvalidRequest', 'Expected /storage/<bucket>/<key>.');
        return true;
      }
      if (bucket !== options.bucket) {
        sendS3Error(res, method, 404, 'NoSuchBucket', 'The specified bucket does not exist.');
        return true;
      }
      if (key === '' || Buffer.byteLength(key) > MAX_KEY_BYTES) {
        sendS3Error(res, method, 400, 'InvalidRequest', 'An object key of 1 to 1024 bytes is required.');
        return true;
      }
      if (method !== 'GET' && method !== 'HEAD' && method !== 'PUT') {
        sendS3Error(
          res,
          method,
          405,
          'MethodNotAllowed',
          'The specified method is not allowed against this resource.',
          {
            Allow: 'GET, HEAD, PUT, OPTIONS',
          },
        );
        return true;
      }
      const verdict = await options.verify(
        { method, rawPath: parsed.rawPath, query: parsed.query, headers: req.headers },
        new Date(options.clock.now()),
      );
      if (!verdict.ok) {
        if (method === 'PUT') {
          res.shouldKeepAlive = false;
          req.resume();
        }
        sendS3Error(res, method, verdict.status, verdict.code, verdict.message, {}, verdict.details);
        return true;
      }
      if (method === 'PUT') await put(req, res, key, verdict.signature, verdict.expiresAt);
      else await read(req, res, key, parsed.query);
    } catch (error) {
      console.error('storage endpoint failed', error);
      if (!res.headersSent)
        sendS3Error(res, method, 500, 'InternalError', 'We encountered an internal error. Please try again.');
      else res.destroy();
    }
    return true;
  };
}
