import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Clock } from '../clock.ts';
import type { SandboxConfig } from '../config.ts';
import type { AuthService } from '../contracts.ts';
import { createAccessTokenVerifier } from './access-token-verifier.ts';
import { createAccountDirectory } from './accounts.ts';
import { createFailureThrottle } from './failure-throttle.ts';
import {
  handleRealmDocument,
  isRealmIssuer,
  markRealmTokenRequest,
  REALM_PREFIXES,
  TOKEN_SUFFIX,
} from './keycloak-realm.ts';
import { createLoginInteraction } from './login-interaction.ts';
import {
  apiResource,
  createOidcProvider,
  GRANT_CLAIM,
  INTERACTION_PATH,
  OIDC_PATH,
} from './oidc-provider.ts';
import { errorPage } from './pages.ts';
import { PAGE_WORDS, pageLanguage } from './page-words.ts';
import { loadOrCreateProviderKeys, publicJwk } from './provider-keys.ts';
import { openOidcStore } from './sqlite-adapter.ts';
import { throttleClientSecrets, throttledTokenRequest } from './token-throttle.ts';

/** The realm whose token endpoint (today's path or the older /auth one) this path is, if any. */
const realmOfTokenPath = (pathname: string) =>
  REALM_PREFIXES.find((prefix) => pathname === `${prefix}${TOKEN_SUFFIX}`);

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * The sandbox's identity provider: oidc-provider under /oidc with the login page, and verification of
 * the access tokens it issues. Keys and provider state live in config.dataDir.
 */
export async function createAuthService(config: SandboxConfig, clock: Clock): Promise<AuthService> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const keys = await loadOrCreateProviderKeys(config.dataDir);
  const store = openOidcStore(path.join(config.dataDir, 'oidc.sqlite'));
  const accounts = await createAccountDirectory();
  const provider = createOidcProvider(config, keys, store, accounts, clock);
  const serveProvider = provider.callback();
  const throttle = createFailureThrottle(clock);
  throttleClientSecrets(provider, throttle);
  const handleInteraction = createLoginInteraction(provider, accounts, apiResource(config), throttle);
  const publicKeys = [publicJwk(keys.signingKey)];
  const authenticate = createAccessTokenVerifier({
    publicKeys,
    // The provider's own tokens, and those asked for at the realm's token path (signed with its issuer).
    acceptsIssuer: (iss) => iss === provider.issuer || isRealmIssuer(iss, config),
    audience: apiResource(config),
    clock,
    grantClaim: GRANT_CLAIM,
    grantLive: async (grantId) => (await provider.Grant.find(grantId)) !== undefined,
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    let url = req.url ?? '/';
    let pathname = url.split('?')[0] ?? '/';
    if (handleRealmDocument(req, res, pathname, config, publicKeys)) return true;
    // Scripts written for ION's Keycloak work by changing the host: its token paths lead to the same
    // provider, which signs those tokens with the realm's issuer (as discovery names it).
    const realm = realmOfTokenPath(pathname);
    if (realm) {
      markRealmTokenRequest(req, config, realm);
      url = `${OIDC_PATH}/token${url.slice(pathname.length)}`;
      pathname = `${OIDC_PATH}/token`;
    }
    if (!isUnder(pathname, OIDC_PATH)) return false;

    if (pathname.startsWith(`${INTERACTION_PATH}/`)) {
      try {
        await handleInteraction(req, res);
      } catch (error) {
        console.error('login interaction failed', error);
        if (!res.headersSent) {
          res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8' });
          const language = pageLanguage(undefined, req.headers['accept-language']);
          res.end(errorPage({ error: PAGE_WORDS[language].signInFailed }, language));
        }
      }
      return true;
    }

    // The provider computes its URLs from the mount path: originalUrl minus the url it is given.
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = url;
    req.url = url.slice(OIDC_PATH.length) || '/';
    if (pathname === `${OIDC_PATH}/token` && req.method === 'POST') {
      await throttledTokenRequest(req, res, throttle, () => serveProvider(req, res));
    } else {
      await serveProvider(req, res);
    }
    return true;
  }

  return {
    handle,
    authenticate,
    async close() {
      store.close();
    },
  };
}
