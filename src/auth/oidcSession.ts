import { UserManager, WebStorageStateStore, type SigninSilentArgs, type User } from 'oidc-client-ts';
import type { AppConfig } from '../config/appConfig';
import { STORAGE_KEYS } from '../lib/storageKeys';
import {
  StaleSignInError,
  type AuthSession,
  type AuthState,
  type SessionPerson,
  type SignOutOutcome,
} from './authSession';
import { sanitizeRedirect } from './redirect';

export const CALLBACK_PATH = '/auth/callback';

/**
 * Refresh tokens rotate: two renewals at once would spend the same refresh token twice, and the
 * provider then revokes the whole grant. Every renewal (the library's timer and our 401 handling)
 * goes through signinSilent, so sharing one in-flight call here serialises them all.
 */
class SingleFlightUserManager extends UserManager {
  #renewal: Promise<User | null> | null = null;

  override signinSilent(args?: SigninSilentArgs): Promise<User | null> {
    this.#renewal ??= super.signinSilent(args).finally(() => {
      this.#renewal = null;
    });
    return this.#renewal;
  }
}

interface SignInState {
  returnTo: string;
  /** The provider was told to ask for the password (prompt=login), whatever session it had. */
  freshLogin?: boolean;
}

/** How long a sign-out waits to learn whether the identity provider can be reached. */
const PROVIDER_PROBE_MS = 5_000;

/**
 * Whether the identity provider answers now. Offline it cannot; on Wi-Fi that accepts connections
 * and never answers, going there would leave the tablet on the browser's error page.
 */
export async function providerAnswers(metadataUrl: string): Promise<boolean> {
  if (navigator.onLine === false) return false;
  try {
    const response = await fetch(metadataUrl, {
      cache: 'no-store',
      signal: AbortSignal.timeout(PROVIDER_PROBE_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

function returnToOf(user: User): string {
  const state = user.state as Partial<SignInState> | undefined;
  return sanitizeRedirect(state?.returnTo);
}

/**
 * The person from the ID token. The organisation is the token's organisation claim when the provider
 * sends one, else its issuer (with Keycloak, the realm: one organisation's users).
 */
export function personOf(user: User | null): SessionPerson | null {
  // oidc-client-ts always gives a profile; a stored user from elsewhere might not.
  if (!user?.profile) return null;
  const { sub, iss, name, email } = user.profile;
  const claimed = user.profile.org_id ?? user.profile.organization;
  return {
    subject: sub,
    organization: typeof claimed === 'string' && claimed ? claimed : iss,
    name: name || email || sub,
  };
}

export function createUserManager(config: AppConfig, origin = window.location.origin): UserManager {
  // sessionStorage for user and PKCE state: per tab, gone with the tab, never shared across tabs.
  const store = new WebStorageStateStore({ store: window.sessionStorage });
  return new SingleFlightUserManager({
    authority: config.oidc.authority,
    client_id: config.oidc.clientId,
    scope: config.oidc.scopes,
    response_type: 'code',
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    userStore: store,
    stateStore: store,
    automaticSilentRenew: true,
    // The shell shows `me` from the API; the ID token's claims are not displayed.
    loadUserInfo: false,
    // The check-session iframe would need frame-src for the provider and adds nothing here.
    monitorSession: false,
  });
}

/** AuthSession backed by oidc-client-ts. Resolves once the stored user (if any) has been read. */
export async function createOidcAuthSession(
  userManager: UserManager,
  {
    storage = window.localStorage,
    reachable = () => providerAnswers(userManager.settings.metadataUrl),
    uiLocales,
  }: {
    /** Where "the provider's session may still live" is kept: device-wide, for whoever signs in next. */
    storage?: Storage;
    reachable?: () => Promise<boolean>;
    /** The language the app speaks now: the provider's sign-in and sign-out pages are asked to speak it too. */
    uiLocales?: () => string;
  } = {},
): Promise<AuthSession> {
  const listeners = new Set<() => void>();
  const callbacks = new Map<string, Promise<string>>();
  const stored = await userManager.getUser();
  let state: AuthState = { status: stored ? 'signed-in' : 'signed-out' };
  let person = personOf(stored);

  const setStatus = (status: AuthState['status']) => {
    if (state.status === status) return;
    state = { status };
    listeners.forEach((listener) => listener());
  };

  userManager.events.addUserLoaded((user) => {
    person = personOf(user);
    setStatus('signed-in');
  });
  userManager.events.addUserUnloaded(() => {
    person = null;
    setStatus('signed-out');
  });
  userManager.events.addSilentRenewError(() => setStatus('session-ended'));

  const renew = async (): Promise<string | null> => {
    try {
      const user = await userManager.signinSilent();
      if (!user) throw new Error('Renewal returned no user.');
      setStatus('signed-in');
      return user.access_token;
    } catch {
      // Stay on the page: the shell asks the user to sign in again, so nothing typed is lost.
      if (state.status !== 'signed-out') setStatus('session-ended');
      return null;
    }
  };

  const PROVIDER_SESSION_OPEN = STORAGE_KEYS.providerSessionOpen.name;
  const providerSessionMayLive = () => {
    try {
      return storage.getItem(PROVIDER_SESSION_OPEN) !== null;
    } catch {
      return false;
    }
  };
  const setProviderSessionMayLive = (open: boolean) => {
    try {
      if (open) storage.setItem(PROVIDER_SESSION_OPEN, String(Date.now()));
      else storage.removeItem(PROVIDER_SESSION_OPEN);
    } catch {
      // Without storage the flag cannot outlive this page; this page still asks (see signIn).
    }
  };

  const finishCallback = async (url: string): Promise<string> => {
    const params = new URL(url).searchParams;
    if (!params.has('state') || (!params.has('code') && !params.has('error'))) {
      if (await userManager.getUser()) return '/';
      throw new StaleSignInError();
    }
    try {
      const user = await userManager.signinCallback(url);
      // A password was asked for: whatever session the provider had is this person's now.
      if ((user?.state as Partial<SignInState> | undefined)?.freshLogin) setProviderSessionMayLive(false);
      return user ? returnToOf(user) : '/';
    } catch (error) {
      if (error instanceof Error && /No matching state/.test(error.message)) {
        if (await userManager.getUser()) return '/';
        throw new StaleSignInError();
      }
      throw error;
    }
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async getAccessToken() {
      const user = await userManager.getUser();
      if (!user) return null;
      if (user.expired !== false) return renew();
      return user.access_token;
    },
    renew,
    getPerson: () => person,
    endSession: () => setStatus('session-ended'),
    async signIn(returnTo) {
      const freshLogin = providerSessionMayLive();
      const data: SignInState = { returnTo: sanitizeRedirect(returnTo), ...(freshLogin && { freshLogin }) };
      // replace: Back from the login page returns to where the user was, not to a page that redirects again.
      await userManager.signinRedirect({
        state: data,
        redirectMethod: 'replace',
        ...(uiLocales && { ui_locales: uiLocales() }),
        // The last person's session at the provider was never ended: without this, the next person
        // would be signed straight in as them.
        ...(freshLogin && { prompt: 'login' }),
      });
    },
    completeSignIn(url) {
      // StrictMode runs effects twice; an authorization code may be redeemed only once.
      let pending = callbacks.get(url);
      if (!pending) {
        pending = finishCallback(url);
        callbacks.set(url, pending);
      }
      return pending;
    },
    async signOut(): Promise<SignOutOutcome> {
      const user = await userManager.getUser();
      // Their language, read while they are still signed in (afterwards the app speaks the browser's).
      const locale = uiLocales?.();
      // On this device first, at once, whatever the network does: the stored user and its tokens go.
      await userManager.removeUser();
      if (await reachable()) {
        try {
          await userManager.signoutRedirect({
            id_token_hint: user?.id_token,
            post_logout_redirect_uri: userManager.settings.post_logout_redirect_uri,
            // Its "Do you want to sign out?" in the app's language too (RP-initiated logout's ui_locales).
            ...(locale && { extraQueryParams: { ui_locales: locale } }),
          });
          return 'left-for-provider';
        } catch {
          // The provider's address could not be read after all: as if it could not be reached.
        }
      }
      setProviderSessionMayLive(true);
      return 'provider-not-reached';
    },
    nextSignInAsksPassword: providerSessionMayLive,
  };
}
