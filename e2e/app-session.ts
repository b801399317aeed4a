import type { BrowserContext, Page } from '@playwright/test';
import { createHash, randomBytes } from 'node:crypto';
import { User } from 'oidc-client-ts';
import { CALLBACK_PATH } from '../src/auth/oidcSession.ts';

/**
 * A journey's own sign-in, without the app's two loads around the provider's redirect: the journey's
 * browser context (its cookies: the provider session an earlier journey of this worker signed in to)
 * asks the provider for a code for the app, as the app's redirect would, and redeems it, as the app's
 * callback would. The tokens are new, of this journey alone, from the provider's session as it is now:
 * when that session has ended (a journey signed out), the provider shows its login page and there is no
 * session to hand over. The app then starts in a tab that already holds its user in sessionStorage,
 * where the app keeps it (never localStorage), as a tab does after a reload.
 *
 * For journeys not about signing in: those use signInThroughForm, the app's own redirect and callback.
 */

interface AppOidcConfig {
  authority: string;
  clientId: string;
  scopes: string;
}

/** The app's OIDC settings as it reads them (its /config.json), per app origin. */
const configs = new Map<string, Promise<AppOidcConfig>>();

function appOidcConfig(context: BrowserContext, appOrigin: string): Promise<AppOidcConfig> {
  let config = configs.get(appOrigin);
  if (!config) {
    config = context.request
      .get(`${appOrigin}/config.json`)
      .then(async (res) => ((await res.json()) as { oidc: AppOidcConfig }).oidc);
    configs.set(appOrigin, config);
    config.catch(() => configs.delete(appOrigin));
  }
  return config;
}

/** The claims oidc-client-ts leaves out of a user's profile (its filterProtocolClaims default). */
const PROTOCOL_CLAIMS = ['nbf', 'jti', 'auth_time', 'nonce', 'acr', 'amr', 'azp', 'at_hash'];

/**
 * The app's stored user (key and value, as oidc-client-ts writes them after a callback) for a sign-in
 * from the provider session in `context`'s cookies, or null when the provider asks for a password.
 */
async function userFromProviderSession(
  context: BrowserContext,
  appOrigin: string,
  email: string,
): Promise<{ key: string; value: string } | null> {
  const { authority, clientId, scopes } = await appOidcConfig(context, appOrigin);
  const discovery = (await (
    await context.request.get(`${authority}/.well-known/openid-configuration`)
  ).json()) as { authorization_endpoint: string; token_endpoint: string };
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${appOrigin}${CALLBACK_PATH}`;
  const authorize = new URL(discovery.authorization_endpoint);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: scopes,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: randomBytes(16).toString('hex'),
    nonce: randomBytes(16).toString('hex'),
  }).toString();
  // The provider's redirects, followed by hand (its cookies kept in the context) up to the app's callback.
  let next = authorize.href;
  let callback: URL | undefined;
  for (let hops = 0; hops < 10 && !callback; hops += 1) {
    const res = await context.request.get(next, { maxRedirects: 0 });
    const location = res.headers()['location'];
    if (res.status() < 300 || res.status() >= 400 || !location) return null;
    const url = new URL(location, next);
    if (`${url.origin}${url.pathname}` === redirectUri) callback = url;
    else next = url.href;
  }
  const code = callback?.searchParams.get('code');
  if (!code) return null;
  const tokenRes = await context.request.post(discovery.token_endpoint, {
    headers: { Origin: appOrigin },
    form: {
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    },
  });
  if (!tokenRes.ok())
    throw new Error(`token endpoint answered ${tokenRes.status()}: ${await tokenRes.text()}`);
  const tokens = (await tokenRes.json()) as {
    id_token: string;
    access_token: string;
    refresh_token?: string;
    token_type: string;
    scope?: string;
    expires_in?: number;
  };
  const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  // The session is someone else's (the provider's login page would have said so): not theirs to use.
  if (claims.email !== email) return null;
  for (const claim of PROTOCOL_CLAIMS) delete claims[claim];
  const user = new User({
    id_token: tokens.id_token,
    session_state: callback?.searchParams.get('session_state') ?? null,
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    token_type: tokens.token_type,
    scope: tokens.scope,
    profile: claims as never,
    expires_at:
      tokens.expires_in === undefined ? undefined : Math.floor(Date.now() / 1000) + tokens.expires_in,
  });
  return { key: `oidc.user:${authority}:${clientId}`, value: user.toStorageString() };
}

/**
 * Opens `path` of the app at `appOrigin` with a user signed in from the provider session in the page's
 * context. False (nothing opened) when the provider has no session of `email`'s to give one from.
 */
export async function openWithProviderSession(
  page: Page,
  path: string,
  appOrigin: string,
  email: string,
): Promise<boolean> {
  const stored = await userFromProviderSession(page.context(), appOrigin, email);
  if (!stored) return false;
  // In the app's top-level documents only, and only for this load: a later load (after a sign-out)
  // finds whatever the app left.
  const script = await page.addInitScript(
    ({ origin, key, value }) => {
      if (window.top === window && location.origin === origin) sessionStorage.setItem(key, value);
    },
    { origin: appOrigin, ...stored },
  );
  try {
    await page.goto(new URL(path, appOrigin).href);
  } finally {
    await script.dispose();
  }
  return true;
}
