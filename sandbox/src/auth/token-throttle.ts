import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import { ACCOUNT_RULE, ADDRESS_RULE, type FailureThrottle } from './failure-throttle.ts';

/** One token request: the client whose secret the provider compared, once it has. */
interface Attempt {
  client?: string;
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
 * read from the request beforehand. A locked client is refused before its secret is compared.
 */
export function throttleClientSecrets(provider: Provider, throttle: FailureThrottle): void {
  const compare = provider.Client.prototype.compareClientSecret;
  provider.Client.prototype.compareClientSecret = function (this: InstanceType<Provider['Client']>, secret) {
    const attempt = attempts.getStore();
    if (attempt) {
      attempt.client = `client:${this.clientId}`;
      const wait = throttle.lockedFor([attempt.client]);
      if (wait > 0) throw new ClientLocked(wait);
    }
    return compare.call(this, secret);
  };
  provider.on('grant.error', (ctx, error) => {
    if (error instanceof ClientLocked) ctx.set('Retry-After', String(error.waitSeconds));
  });
}

/**
 * Wraps the provider's token endpoint: failed client authentications (401) are counted per client and per
 * address; a locked address is refused with 429 before anything is read, a locked client (above) before
 * its secret is compared.
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
  const attempt: Attempt = {};
  await attempts.run(attempt, serve);
  const client = attempt.client ? [attempt.client] : [];
  if (res.statusCode === 401) {
    throttle.fail([...client.map((key) => [key, ACCOUNT_RULE] as const), [address, ADDRESS_RULE]]);
  } else if (res.statusCode === 200) {
    throttle.succeed(client);
  }
}
