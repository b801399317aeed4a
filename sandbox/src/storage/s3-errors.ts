import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

export type S3ErrorCode =
  | 'AccessDenied'
  | 'SignatureDoesNotMatch'
  | 'InvalidAccessKeyId'
  | 'AuthorizationQueryParametersError'
  | 'EntityTooLarge'
  | 'IncompleteBody'
  | 'InvalidArgument'
  | 'InvalidRange'
  | 'InvalidRequest'
  | 'RequestTimeTooSkewed'
  | 'MethodNotAllowed'
  | 'NoSuchBucket'
  | 'NoSuchKey'
  | 'InternalError'
  // MinIO's answer to a full disk is XMinioStorageFull (507); this is the same without the vendor prefix.
  | 'StorageFull';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Answers with S3's XML error document (no body for HEAD, as S3 does); CORS headers set earlier stay. */
export function sendS3Error(
  res: ServerResponse,
  method: string | undefined,
  status: number,
  code: S3ErrorCode,
  message: string,
  extraHeaders: Record<string, string> = {},
  details: Record<string, string> = {},
): void {
  const more = Object.entries(details)
    .map(([element, text]) => `<${element}>${escapeXml(text)}</${element}>`)
    .join('');
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message>${more}` +
    `<RequestId>${randomBytes(8).toString('hex').toUpperCase()}</RequestId></Error>`;
  res.statusCode = status;
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/xml');
  if (method === 'HEAD') {
    res.end();
    return;
  }
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}
