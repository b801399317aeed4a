import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { APP_CLIENT_ID } from '../identities.ts';
import type { AccountDirectory } from './accounts.ts';
import { ACCOUNT_RULE, ADDRESS_RULE, type FailureThrottle } from './failure-throttle.ts';
import { grantAppScopes } from './oidc-provider.ts';
import { errorPage, loginPage } from './pages.ts';
import { PAGE_WORDS, pageLanguage } from './page-words.ts';

const MAX_FORM_BYTES = 16 * 1024;

function send(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    // The pages need no script; forbid any, and framing (clickjacking of the password form).
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'X-Frame-Options': 'DENY',
  });
  res.end(html);
}

/** The urlencoded form body, or null when it is larger than any sign-in form. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > MAX_FORM_BYTES) return null;
  }
  return new URLSearchParams(body);
}

/**
 * The login step of an authorization request: GET shows the sign-in form, POST checks the password
 * and hands the result back to the provider. Consent is granted for the first-party app without asking.
 */
export function createLoginInteraction(
  provider: Provider,
  accounts: AccountDirectory,
  apiResource: string,
  throttle: FailureThrottle,
) {
  return async function handleInteraction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const acceptLanguage = req.headers['accept-language'];
    let details;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      // No pending sign-in, so no ui_locales: the browser's language.
      const language = pageLanguage(undefined, acceptLanguage);
      send(res, 400, errorPage({ error: PAGE_WORDS[language].linkExpired }, language));
      return;
    }
    // The language the app asked for (ui_locales, kept with the pending sign-in), else the browser's.
    const language = pageLanguage(details.params.ui_locales, acceptLanguage);
    const words = PAGE_WORDS[language];
    const action = req.url?.split('?')[0] ?? '';

    if (details.prompt.name === 'consent') {
      if (details.params.client_id !== APP_CLIENT_ID || !details.session?.accountId) {
        await provider.interactionFinished(req, res, { error: 'access_denied' });
        return;
      }
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ clientId: APP_CLIENT_ID, accountId: details.session.accountId });
      if (!grant) throw new Error('grant of the interaction not found');
      grantAppScopes(grant, apiResource);
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } });
      return;
    }

    if (req.method === 'GET') {
      const hint = details.params.login_hint;
      send(res, 200, loginPage({ action, email: typeof hint === 'string' ? hint : '', language }));
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'GET, POST' }).end();
      return;
    }

    const form = await readForm(req);
    if (!form) {
      send(res, 413, errorPage({ error: words.formTooLarge }, language));
      return;
    }
    const email = form.get('email') ?? '';
    const account = `account:${email.trim().toLowerCase()}`;
    const address = `address:${req.socket.remoteAddress ?? ''}`;
    // Counted as failed before the (asynchronous) password check: parallel posts cannot pass the limit.
    const attempt = throttle.attempt([
      [account, ACCOUNT_RULE],
      [address, ADDRESS_RULE],
    ]);
    if (attempt.wait > 0) {
      const error = words.tooManyAttempts(attempt.wait);
      send(res, 429, loginPage({ action, email, error, language }), { 'Retry-After': String(attempt.wait) });
      return;
    }
    const user = await accounts.verify(email, form.get('password') ?? '');
    if (!user) {
      send(res, 401, loginPage({ action, email, error: words.invalidLogin, language }));
      return;
    }
    // The account is cleared; the address only stops counting this attempt: one good password must not
    // reset a guesser's count for the address.
    attempt.succeeded([account]);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: String(user.id) } },
      { mergeWithLastSubmission: false },
    );
  };
}
