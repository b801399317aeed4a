import Provider, {
  errors,
  type ClientMetadata,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { secondsAhead, type Clock } from '../clock.ts';
import type { SandboxConfig } from '../config.ts';
import {
  API_CLIENTS,
  APP_CLIENT_ID,
  APP_POST_LOGOUT_PATH,
  APP_REDIRECT_PATH,
  APP_SCOPES,
} from '../identities.ts';
import type { AccountDirectory } from './accounts.ts';
import { createHash } from 'node:crypto';
import { realmIssuerOf } from './keycloak-realm.ts';
import {
  errorPage,
  loggingOutPage,
  logoutConfirmPage,
  PRODUCT_NAME,
  signedOutPage,
  SUBMIT_LOGOUT_SCRIPT,
} from './pages.ts';
import { PAGE_LANGUAGES, pageLanguage } from './page-words.ts';
import type { ProviderKeys } from './provider-keys.ts';
import type { OidcStore } from './sqlite-adapter.ts';

/** The provider is served under this path of the sandbox; the issuer is `${publicUrl}${OIDC_PATH}`. */
export const OIDC_PATH = '/oidc';
/** The login page for one pending authorization: `${INTERACTION_PATH}/<uid>`. */
export const INTERACTION_PATH = `${OIDC_PATH}/interaction`;

const DAY = 24 * 60 * 60;

/**
 * Scopes the API's access tokens may carry: the app's own, so the token response reports what was granted
 * (clients keep the response's `scope`) instead of an empty string.
 */
export const API_SCOPES = APP_SCOPES;

export function apiResource(config: SandboxConfig): string {
  return `${config.publicUrl}/graphql`;
}

function appClient(config: SandboxConfig): ClientMetadata {
  return {
    client_id: APP_CLIENT_ID,
    client_name: PRODUCT_NAME,
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: config.allowedOrigins.map((origin) => origin + APP_REDIRECT_PATH),
    post_logout_redirect_uris: config.allowedOrigins.map((origin) => origin + APP_POST_LOGOUT_PATH),
    scope: APP_SCOPES,
  };
}

function apiKeyClients(): ClientMetadata[] {
  return API_CLIENTS.map((key) => ({
    client_id: key.clientId,
    client_secret: key.clientSecret,
    // Either method is accepted at the token endpoint for a client registered with one of them.
    token_endpoint_auth_method: 'client_secret_basic',
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
  }));
}

/** What the first-party app may ask for, added to its grant without a consent page. */
export function grantAppScopes(grant: InstanceType<Provider['Grant']>, resource: string): void {
  grant.addOIDCScope(APP_SCOPES);
  grant.addOIDCClaims(['name', 'email', 'email_verified']);
  grant.addResourceScope(resource, API_SCOPES);
}

/** The language of a provider page: the app's (ui_locales of the request, when it has one), else the browser's. */
function languageOf(ctx: KoaContextWithOIDC) {
  return pageLanguage(ctx.oidc?.params?.ui_locales, ctx.get('accept-language'));
}

/** The claim of an API access token naming its grant: the token works while the grant lives. */
export const GRANT_CLAIM = 'grant_id';

const LOGOUT_SCRIPT_HASH = createHash('sha256').update(SUBMIT_LOGOUT_SCRIPT).digest('base64');

/**
 * Whether the end-session request carries a valid ID token hint (oidc-provider has checked its
 * signature and audience) of the person signed in here: then, as Keycloak does, no question is asked.
 */
function hintedBySignedInPerson(ctx: KoaContextWithOIDC): boolean {
  const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
  const accountId = ctx.oidc.session?.accountId;
  return accountId !== undefined && hint?.payload?.sub === accountId;
}

function isAppClient(ctx: KoaContextWithOIDC): boolean {
  return ctx.oidc.client?.clientId === APP_CLIENT_ID;
}

export function createOidcProvider(
  config: SandboxConfig,
  keys: ProviderKeys,
  store: OidcStore,
  accounts: AccountDirectory,
  clock: Clock,
): Provider {
  const resource = apiResource(config);
  // oidc-provider only accepts positive lifetimes.
  const accessTokenTtl = Math.max(1, config.accessTokenTtlSeconds);
  const allowedOrigins = new Set(config.allowedOrigins);

  const configuration: Configuration = {
    adapter: store.adapterFactory,
    clients: [appClient(config), ...apiKeyClients()],
    jwks: { keys: [keys.signingKey] },
    cookies: { keys: keys.cookieKeys },
    claims: {
      openid: ['sub'],
      profile: ['name'],
      email: ['email', 'email_verified'],
    },
    // The app reads name and email from the ID token: its access token is for the API, not userinfo.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const user = accounts.byId(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        async claims() {
          return { sub, name: user.name, email: user.email, email_verified: true };
        },
      };
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: {
        enabled: true,
        // A client may revoke only its own tokens.
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.type = 'html';
          if (hintedBySignedInPerson(ctx)) {
            ctx.set(
              'Content-Security-Policy',
              `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${LOGOUT_SCRIPT_HASH}'; frame-ancestors 'none'`,
            );
            ctx.body = loggingOutPage(form, languageOf(ctx));
            return;
          }
          ctx.body = logoutConfirmPage(form, languageOf(ctx));
        },
        async postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = signedOutPage(languageOf(ctx));
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, indicator) {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPES,
            audience: resource,
            accessTokenFormat: 'jwt',
            accessTokenTTL: accessTokenTtl,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    formats: {
      customizers: {
        jwt(ctx, token, parts) {
          // The provider times tokens by the system clock; the sandbox's clock (moved by tests) decides.
          const ahead = secondsAhead(clock);
          parts.payload.iat = Number(parts.payload.iat) + ahead;
          parts.payload.exp = Number(parts.payload.exp) + ahead;
          // A person's token is bound to their grant, which sign-out and revocation end (see the verifier).
          if (token.kind === 'AccessToken' && token.grantId) parts.payload[GRANT_CLAIM] = token.grantId;
          // Asked for at the Keycloak realm's token path: the realm's issuer, as its discovery says.
          const realm = realmIssuerOf(ctx?.req);
          if (realm) parts.payload.iss = realm;
          // Client-credentials tokens act as the user the API key belongs to (as in the real service).
          if (token.kind !== 'ClientCredentials') return;
          const key = API_CLIENTS.find((c) => c.clientId === token.clientId);
          if (key) parts.payload.sub = String(key.userId);
        },
      },
    },
    // The languages of the sign-in and sign-out pages, asked for with ui_locales (see page-words.ts).
    discovery: { ui_locales_supported: [...PAGE_LANGUAGES] },
    interactions: {
      url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}`,
    },
    // First-party app: consent is implied, so the grant covers whatever the app asks for.
    async loadExistingGrant(ctx) {
      const { client, session, provider } = ctx.oidc;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session?.grantIdFor(client!.clientId);
      const existing = grantId ? await provider.Grant.find(grantId) : undefined;
      if (!isAppClient(ctx) || !session?.accountId) return existing;
      const grant =
        existing ?? new provider.Grant({ clientId: client!.clientId, accountId: session.accountId });
      grantAppScopes(grant, resource);
      await grant.save();
      return grant;
    },
    // oidc-provider drops offline_access unless the request also says prompt=consent; the app is
    // first-party and always gets refresh tokens.
    async issueRefreshToken(ctx, client, code) {
      if (!client.grantTypeAllowed('refresh_token')) return false;
      return code.scopes.has('offline_access') || isAppClient(ctx);
    },
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin) => allowedOrigins.has(origin),
    ttl: {
      AccessToken: accessTokenTtl,
      ClientCredentials: accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      RefreshToken: 14 * DAY,
      Session: 14 * DAY,
      Grant: 14 * DAY,
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage({ error: out.error, description: out.error_description }, languageOf(ctx));
    },
  };

  return new Provider(`${config.publicUrl}${OIDC_PATH}`, configuration);
}
