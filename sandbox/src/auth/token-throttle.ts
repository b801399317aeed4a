import type { IncomingMessage, ServerResponse } from 'node:http';
import { ACCOUNT_RULE, ADDRESS_RULE, type FailureThrottle } from './failure-throttle.ts';

/** Larger than any token request; a bigger body is left to the provider, which refuses it. */
const MAX_PEEK_BYTES = 56 * 1024;

/**
 * Reads a token request's form body and puts it back, so the provider still reads it; the client id
 * comes from there or from HTTP Basic. Empty when neither says (the address is still counted).
 */
async function clientIdOf(req: IncomingMessage): Promise<string> {
  const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    return decodeURIComponent(decoded.slice(0, Math.max(0, decoded.indexOf(':'))).replace(/\+/g, ' '));
  }
  const length = Number(req.headers['content-length']);
  if (!Number.isInteger(length) || length <= 0 || length > MAX_PEEK_BYTES) return '';
  const body = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (received >= length) done();
    };
    const onEnd = () => done();
    const done = () => {
      req.pause();
      req.off('data', onData).off('end', onEnd).off('error', reject);
      const all = Buffer.concat(chunks);
      // Before 'end' is emitted the stream takes its data back; the provider reads it as if untouched.
      if (all.length > 0) req.unshift(all);
      resolve(all);
    };
    req.on('data', onData).once('end', onEnd).once('error', reject);
  });
  return new URLSearchParams(body.toString('utf8')).get('client_id') ?? '';
}

/**
 * Wraps the provider's token endpoint: failed client authentications (401) are counted per client id
 * and per address, and a locked client is refused with 429 before its secret is checked.
 */
export async function throttledTokenRequest(
  req: IncomingMessage,
  res: ServerResponse,
  throttle: FailureThrottle,
  serve: () => Promise<void>,
): Promise<void> {
  const client = `client:${await clientIdOf(req)}`;
  const address = `address:${req.socket.remoteAddress ?? ''}`;
  const wait = throttle.lockedFor([client, address]);
  if (wait > 0) {
    res.writeHead(429, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(wait),
    });
    res.end(
      JSON.stringify({
        error: 'temporarily_unavailable',
        error_description: `Too many failed attempts for this client. Try again in ${wait} seconds.`,
      }),
    );
    return;
  }
  await serve();
  if (res.statusCode === 401) {
    throttle.fail([
      [client, ACCOUNT_RULE],
      [address, ADDRESS_RULE],
    ]);
  } else if (res.statusCode === 200) {
    throttle.succeed([client]);
  }
}
