import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import { ACCOUNT_RULE, ADDRESS_RULE, type CountedAttempt, type FailureThrottle } from './failure-throttle.ts';

/** One token request: its address, and the client whose secret the provider compared, once it has. */
interface Attempt {
  address: string;
  client?: string;
  /** Set when the secret was compared: the attempt was counted before the comparison. */
  counted?: CountedAttempt;
}

const attempts = new AsyncLocalStorage<Attempt>();

/** A locked client's token request, answered 429 by the provider's own error handling. */
class ClientLocked extends errors.OIDCProviderError {
  constructor(readonly waitSeconds: number) {
    super(429, 'temporarily_unavailable');
    this.error_description = `Too many failed attempts for this client. Try again in ${waitSeconds} seconds.`;
  }
}

/**
 * Puts the throttle where the provider checks a client secret, so that it counts the client the provider
 * identified (from the form, HTTP Basic, a chunked body, whatever the provider accepts) rather than a guess
 * read from the request beforehand. A locked client is refused before its secret is compared; any other
 * comparison is counted as failed first and uncounted when the secret matches.
 */
export function throttleClientSecrets(provider: Provider, throttle: FailureThrottle): void {
  const compare = provider.Client.prototype.compareClientSecret;
  provider.Client.prototype.compareClientSecret = function (this: InstanceType<Provider['Client']>, secret) {
    const attempt = attempts.getStore();
    if (!attempt) return compare.call(this, secret);
    const client = `client:${this.clientId}`;
    attempt.client = client;
    // Counted as failed before the comparison, so that parallel guesses cannot pass the limit.
    const counted = throttle.attempt([
      [client, ACCOUNT_RULE],
      [attempt.address, ADDRESS_RULE],
    ]);
    if (counted.wait > 0) throw new ClientLocked(counted.wait);
    attempt.counted = counted;
    const settle = (matches: boolean) => {
      if (matches) counted.succeeded([client]);
      return matches;
    };
    const result = compare.call(this, secret);
    return result instanceof Promise ? result.then(settle) : settle(result);
  };
  provider.on('grant.error', (ctx, error) => {
    if (error instanceof ClientLocked) ctx.set('Retry-After', String(error.waitSeconds));
  });
}

/**
 * Wraps the provider's token endpoint: client secrets are counted per client and per address before they
 * are compared (above), other failed client authentications (401) per address; a locked address is
 * refused with 429 before anything is read, a locked client before its secret is compared.
 */
export async function throttledTokenRequest(
  req: IncomingMessage,
  res: ServerResponse,
  throttle: FailureThrottle,
  serve: () => Promise<void>,
): Promise<void> {
  const address = `address:${req.socket.remoteAddress ?? ''}`;
  const wait = throttle.lockedFor([address]);
  if (wait > 0) {
    res.writeHead(429, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(wait),
    });
    res.end(
      JSON.stringify({
        error: 'temporarily_unavailable',
        error_description: `Too many failed attempts from this address. Try again in ${wait} seconds.`,
      }),
    );
    return;
  }
  const attempt: Attempt = { address };
  await attempts.run(attempt, serve);
  // A compared secret was counted before the comparison (above); a refusal before any comparison (an
  // unknown client, a malformed request) counts for the address once answered.
  if (res.statusCode === 401 && !attempt.counted) throttle.fail([[address, ADDRESS_RULE]]);
}
