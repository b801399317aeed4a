import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the app does with storage: PUT uploads, GET downloads and previews, HEAD sizes. */
export const STORAGE_METHODS = ['GET', 'HEAD', 'PUT'] as const;
/**
 * ETag for registration, Retry-After so the app waits as long as a busy storage asks, the rest so a viewer
 * can size, range and name a download.
 */
export const EXPOSED_HEADER_NAMES = [
  'ETag',
  'Retry-After',
  'Content-Length',
  'Content-Disposition',
  'Content-Range',
  'Accept-Ranges',
  'Content-Type',
] as const;
const ALLOWED_METHODS = STORAGE_METHODS.join(', ');
const EXPOSED_HEADERS = EXPOSED_HEADER_NAMES.join(', ');
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/** The request's origin when it is one of the allowed browser origins. */
export function allowedOrigin(req: IncomingMessage, allowedOrigins: readonly string[]): string | null {
  const origin = req.headers.origin;
  return origin !== undefined && allowedOrigins.includes(origin) ? origin : null;
}

/** Set on every answer to an allowed origin, errors included, so the app can read a 403's body and status. */
export function setCorsHeaders(res: ServerResponse, origin: string): void {
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  res.setHeader('Vary', 'Origin');
}

/** True when the preflight asks for something this endpoint serves. */
export function isAllowedPreflightMethod(req: IncomingMessage): boolean {
  const method = req.headers['access-control-request-method'];
  return method !== undefined && ALLOWED_METHODS.split(', ').includes(method.toUpperCase());
}

export function answerPreflight(req: IncomingMessage, res: ServerResponse, origin: string): void {
  setCorsHeaders(res, origin);
  res.setHeader('Vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
  res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
  // Echoes what the browser asks for (Content-Type, and whatever an upload library adds).
  const requested = req.headers['access-control-request-headers'];
  if (requested) res.setHeader('Access-Control-Allow-Headers', requested);
  res.setHeader('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
  res.statusCode = 200;
  res.setHeader('Content-Length', 0);
  res.end();
}
