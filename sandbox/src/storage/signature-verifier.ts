import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Sha256 } from '@aws-crypto/sha256-js';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import type { StorageCredentials } from './credentials.ts';
import { single, type Query } from './presigned-query.ts';
import type { S3ErrorCode } from './s3-errors.ts';

export interface SignedRequest {
  method: string;
  /** Path exactly as received (still percent-encoded): S3 signs the encoded path as is. */
  rawPath: string;
  query: Query;
  headers: IncomingHttpHeaders;
}

export type Verification =
  | {
      ok: true;
      signature: string;
      /** Epoch ms after which the signature is no longer accepted. */
      expiresAt: number;
      /** True for a presigned URL, false for an Authorization header (an SDK client holding the key). */
      presigned: boolean;
    }
  | {
      ok: false;
      status: number;
      code: S3ErrorCode;
      message: string;
      /** Further elements of S3's error document, e.g. HeadersNotSigned. */
      details?: Record<string, string>;
    };

const ALGORITHM = 'AWS4-HMAC-SHA256';
const AUTH_PARAMS = new Set([
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
]);
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;
const PAYLOAD_HASH = 'x-amz-content-sha256';
// What a presigned URL signs as the body's hash when it names none: botocore and `aws s3 presign` leave
// X-Amz-Content-Sha256 out of the URL, the AWS SDK for JavaScript puts this value there.
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
// S3 accepts a header-signed request within 15 minutes of its X-Amz-Date.
const MAX_SKEW_MS = 15 * 60 * 1000;
const AUTH_HEADER =
  /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]+)$/;

const deny = (
  code: S3ErrorCode,
  message: string,
  status = 403,
  details?: Record<string, string>,
): Verification => ({ ok: false, status, code, message, ...(details ? { details } : {}) });
const mismatch = () =>
  deny(
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  );

function parseAmzDate(value: string | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!m) return null;
  const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Checks AWS Signature V4, either a presigned URL's query signature or an Authorization header, by rebuilding
 * the request the signer saw and signing it again with the stored secret at the request's own X-Amz-Date.
 */
export function createSignatureVerifier(credentials: StorageCredentials, region: string) {
  const signer = new SignatureV4({
    credentials,
    region,
    service: 's3',
    sha256: Sha256,
    // The S3 signer signs the already-encoded path; escaping again would never match.
    uriEscapePath: false,
  });

  /** Shared checks of the credential scope and the signed header list; the list, or a refusal. */
  function checkCredential(
    credential: string,
    amzDate: string,
    signedHeadersRaw: string,
  ): string[] | Verification {
    const [accessKeyId, ...scope] = credential.split('/');
    if (accessKeyId !== credentials.accessKeyId) {
      return deny('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    }
    if (scope.join('/') !== `${amzDate.slice(0, 8)}/${region}/s3/aws4_request`) {
      return deny('SignatureDoesNotMatch', 'The credential scope does not match the request.');
    }
    const signedHeaders = signedHeadersRaw.split(';');
    if (!signedHeaders.includes('host') || signedHeaders.some((h) => h === '' || h !== h.toLowerCase())) {
      return deny(
        'AuthorizationQueryParametersError',
        'SignedHeaders must list lower-case names including host.',
        400,
      );
    }
    return signedHeaders;
  }

  /** The signed headers' received values; null when one is missing. */
  function signedHeaderValues(request: SignedRequest, names: string[]): Record<string, string> | null {
    const headers: Record<string, string> = {};
    for (const name of names) {
      const value = request.headers[name];
      if (value === undefined) return null;
      headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    return headers;
  }

  async function expectedQuerySignature(
    request: SignedRequest,
    method: string,
    signedHeaders: string[],
    signingDate: Date,
    expiresIn: number,
  ): Promise<string | null> {
    const headers = signedHeaderValues(request, signedHeaders);
    if (!headers) return null;
    const query: Query = {};
    for (const [name, value] of Object.entries(request.query)) {
      if (AUTH_PARAMS.has(name)) continue;
      // The presigner passed the payload hash as a header that it hoisted into the query under this exact
      // name; handing it back as a header with the same case reproduces both the query and the payload hash.
      if (name.toLowerCase() === PAYLOAD_HASH && typeof value === 'string') headers[name] = value;
      else query[name] = value;
    }
    // No hash in the URL or the signed headers: the signer signed UNSIGNED-PAYLOAD. It is handed to the
    // signer as a header that stays out of both the query and the signed headers, as it was for botocore.
    const hashNamed = Object.keys(headers).some((name) => name.toLowerCase() === PAYLOAD_HASH);
    if (!hashNamed) headers[PAYLOAD_HASH] = UNSIGNED_PAYLOAD;
    const keptAside = hashNamed ? [] : [PAYLOAD_HASH];
    const rebuilt = new HttpRequest({
      method,
      protocol: 'http:',
      hostname: '',
      path: request.rawPath,
      query,
      headers,
    });
    const presigned = await signer.presign(rebuilt, {
      signingDate,
      expiresIn,
      signableHeaders: new Set(signedHeaders),
      unhoistableHeaders: new Set([...signedHeaders, ...keptAside]),
      unsignableHeaders: new Set(keptAside),
    });
    const signature = presigned.query?.['X-Amz-Signature'];
    return typeof signature === 'string' ? signature : null;
  }

  async function verifyPresignedUrl(request: SignedRequest, now: Date): Promise<Verification> {
    const q = request.query;
    const signature = single(q, 'X-Amz-Signature');
    if (signature === undefined) {
      return deny('AccessDenied', 'Only signed requests are accepted by this endpoint.');
    }
    const algorithm = single(q, 'X-Amz-Algorithm');
    const credential = single(q, 'X-Amz-Credential');
    const amzDate = single(q, 'X-Amz-Date');
    const expiresRaw = single(q, 'X-Amz-Expires');
    const signedHeadersRaw = single(q, 'X-Amz-SignedHeaders');
    if (!algorithm || !credential || !amzDate || !expiresRaw || !signedHeadersRaw) {
      return deny(
        'AuthorizationQueryParametersError',
        'Query-string authentication requires X-Amz-Algorithm, X-Amz-Credential, X-Amz-Date, X-Amz-Expires, X-Amz-SignedHeaders and X-Amz-Signature.',
        400,
      );
    }
    if (algorithm !== ALGORITHM) {
      return deny('AuthorizationQueryParametersError', `X-Amz-Algorithm only supports "${ALGORITHM}".`, 400);
    }
    const signingDate = parseAmzDate(amzDate);
    const expiresIn = /^\d{1,7}$/.test(expiresRaw) ? Number(expiresRaw) : NaN;
    if (!signingDate || !(expiresIn >= 1 && expiresIn <= MAX_EXPIRES_SECONDS)) {
      return deny('AuthorizationQueryParametersError', 'X-Amz-Date or X-Amz-Expires is malformed.', 400);
    }
    const signedHeaders = checkCredential(credential, amzDate, signedHeadersRaw);
    if (!Array.isArray(signedHeaders)) return signedHeaders;
    // S3 refuses x-amz-* headers the URL did not sign (an SDK's checksum headers, x-amz-acl, metadata):
    // they would change what is stored without the signer's consent.
    const unsigned = Object.keys(request.headers).filter(
      (name) => name.startsWith('x-amz-') && !signedHeaders.includes(name),
    );
    if (unsigned.length > 0) {
      return deny('AccessDenied', 'There were headers present in the request which were not signed', 403, {
        HeadersNotSigned: unsigned.join(', '),
      });
    }
    // A presigned GET URL also serves HEAD, so that a client can check an object without downloading it.
    const methods = request.method === 'HEAD' ? ['HEAD', 'GET'] : [request.method];
    let matched = false;
    for (const method of methods) {
      const expected = await expectedQuerySignature(request, method, signedHeaders, signingDate, expiresIn);
      if (expected !== null && sameHex(expected, signature)) {
        matched = true;
        break;
      }
    }
    if (!matched) return mismatch();
    const expiresAt = signingDate.getTime() + expiresIn * 1000;
    if (now.getTime() > expiresAt) return deny('AccessDenied', 'Request has expired');
    return { ok: true, signature, expiresAt, presigned: true };
  }

  async function verifyAuthorizationHeader(
    request: SignedRequest,
    authorization: string,
    now: Date,
  ): Promise<Verification> {
    // Header-signed bodies would need their SHA-256 checked; uploads go through presigned URLs instead.
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return deny('AccessDenied', 'Uploads to this endpoint need a presigned URL.');
    }
    const m = AUTH_HEADER.exec(authorization);
    if (!m) return deny('AccessDenied', 'The Authorization header is malformed.', 400);
    const [, credential = '', signedHeadersRaw = '', signature = ''] = m;
    const amzDateHeader = request.headers['x-amz-date'];
    const amzDate = typeof amzDateHeader === 'string' ? amzDateHeader : undefined;
    const signingDate = parseAmzDate(amzDate);
    if (!amzDate || !signingDate) {
      return deny('AccessDenied', 'AWS authentication requires a valid x-amz-date header.');
    }
    if (request.headers['x-amz-content-sha256'] === undefined) {
      return deny('InvalidRequest', 'Missing required header for this request: x-amz-content-sha256', 400);
    }
    const signedHeaders = checkCredential(credential, amzDate, signedHeadersRaw);
    if (!Array.isArray(signedHeaders)) return signedHeaders;
    const headers = signedHeaderValues(request, signedHeaders);
    if (!headers) return mismatch();
    const rebuilt = new HttpRequest({
      method: request.method,
      protocol: 'http:',
      hostname: '',
      path: request.rawPath,
      query: request.query,
      headers,
    });
    const signed = await signer.sign(rebuilt, { signingDate, signableHeaders: new Set(signedHeaders) });
    const expected = /Signature=([0-9a-f]+)$/.exec(String(signed.headers.authorization))?.[1];
    if (expected === undefined || !sameHex(expected, signature)) return mismatch();
    if (Math.abs(now.getTime() - signingDate.getTime()) > MAX_SKEW_MS) {
      return deny(
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      );
    }
    return { ok: true, signature, expiresAt: signingDate.getTime() + MAX_SKEW_MS, presigned: false };
  }

  return function verify(request: SignedRequest, now: Date): Promise<Verification> {
    const authorization = request.headers.authorization;
    if (authorization?.startsWith(`${ALGORITHM} `))
      return verifyAuthorizationHeader(request, authorization, now);
    return verifyPresignedUrl(request, now);
  };
}

export type SignatureVerifier = ReturnType<typeof createSignatureVerifier>;
