import { UserManager, WebStorageStateStore, type SigninSilentArgs, type User } from 'oidc-client-ts';
import type { AppConfig } from '../config/appConfig.ts';
import type { Person } from '../lib/person.ts';
import { STORAGE_KEYS } from '../lib/storageKeys.ts';
import { StaleSignInError, type AuthSession, type AuthState, type SignOutOutcome } from './authSession.ts';
import { sanitizeRedirect } from './redirect.ts';
import { createPendingRevocation, type PendingRevocation } from './pendingRevocation.ts';
import { browserSignOutSignal, type SignOutSignal } from './signOutSignal.ts';

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

/** How often tokens of someone who signed out offline are tried again while the network stays away. */
const RETRY_REVOCATION_MS = 15_000;

/** Calls `retry` when the network may be back: the browser's `online` event, and every little while (lie-fi). */
function browserRetries(retry: () => void): void {
  window.addEventListener('online', retry);
  window.setInterval(retry, RETRY_REVOCATION_MS);
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
export function personOf(user: User | null): Person | null {
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
    signal = browserSignOutSignal(),
    pending: givenPending,
    retries = browserRetries,
  }: {
    /** Where "the next sign-in asks for a password" is kept: device-wide, for whoever signs in next. */
    storage?: Storage;
    reachable?: () => Promise<boolean>;
    /** The language the app speaks now: the provider's sign-in and sign-out pages are asked to speak it too. */
    uiLocales?: () => string;
    /** How the tabs of this device tell each other of a sign-out. */
    signal?: SignOutSignal;
    /** Tokens of someone who signed out, kept in this tab until the provider has revoked them. */
    pending?: PendingRevocation;
    /** When to try again to revoke what an offline sign-out left (see browserRetries). */
    retries?: (retry: () => void) => void;
  } = {},
): Promise<AuthSession> {
  const listeners = new Set<() => void>();
  const callbacks = new Map<string, Promise<string>>();
  /** The language of the person signing out, read while they were still signed in. */
  let leavingLocale: string | undefined;
  const pending =
    givenPending ??
    createPendingRevocation({
      storage: window.sessionStorage,
      clientId: userManager.settings.client_id,
      revocationEndpoint: () => userManager.metadataService.getRevocationEndpoint(),
      endSession: (idToken) => {
        // Their sign-out page in their language (RP-initiated logout's ui_locales), else the app's now.
        const locale = leavingLocale ?? uiLocales?.();
        return userManager.signoutRedirect({
          id_token_hint: idToken,
          post_logout_redirect_uri: userManager.settings.post_logout_redirect_uri,
          redirectMethod: 'replace',
          ...(locale && { extraQueryParams: { ui_locales: locale } }),
        });
      },
    });
  let stored = await userManager.getUser();
  if (stored && signal.isStale()) {
    // Someone signed out on this device after this tab's user signed in (a tab opened again, or
    // restored with its sessionStorage): that user is not used, and its refresh token is revoked.
    pending.keep({ refreshToken: stored.refresh_token });
    await userManager.removeUser();
    stored = null;
  }
  let state: AuthState = { status: stored ? 'signed-in' : 'signed-out' };
  let person = personOf(stored);
  /** Set the moment this tab's person signed out, here or in another tab: nothing more is done as them. */
  let ended = false;
  let announced = false;

  const setStatus = (status: AuthState['status']) => {
    if (state.status === status) return;
    state = { status };
    listeners.forEach((listener) => listener());
  };

  userManager.events.addUserLoaded((user) => {
    // A renewal that was on its way when the person signed out does not sign them in again.
    if (ended) return;
    person = personOf(user);
    setStatus('signed-in');
  });
  userManager.events.addUserUnloaded(() => {
    person = null;
    setStatus('signed-out');
  });
  userManager.events.addSilentRenewError(() => setStatus('session-ended'));

  const renew = async (): Promise<string | null> => {
    if (ended) return null;
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

  /** Ends this tab's session at once: no token is handed out, nobody is signed in, the shell leaves. */
  const endHere = () => {
    ended = true;
    userManager.stopSilentRenew();
    person = null;
    setStatus('signed-out');
  };

  const settlePending = () => {
    if (pending.pending()) void pending.settle();
  };

  // Signed out in another tab: this one ends too, at once, and revokes the refresh token it held.
  signal.subscribe(() => {
    if (state.status === 'signed-out') return;
    endHere();
    void (async () => {
      const user = await userManager.getUser();
      pending.keep({ refreshToken: user?.refresh_token });
      await userManager.removeUser();
      settlePending();
    })();
  });
  // What an earlier sign-out left to revoke goes first, as soon as the provider answers.
  settlePending();
  retries(settlePending);

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

  /** Tells the other tabs, once; the next sign-in on this device asks for a password. */
  function beginSignOut() {
    if (announced) return;
    announced = true;
    signal.announce();
    setProviderSessionMayLive(true);
  }

  const finishCallback = async (url: string): Promise<string> => {
    const params = new URL(url).searchParams;
    if (!params.has('state') || (!params.has('code') && !params.has('error'))) {
      if (await userManager.getUser()) return '/';
      throw new StaleSignInError();
    }
    try {
      // A new sign-in in this tab: whoever signed out before, this is the person now.
      ended = false;
      const user = await userManager.signinCallback(url);
      if (user) {
        signal.signedInNow();
        userManager.startSilentRenew();
      }
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
      if (ended) return null;
      const user = await userManager.getUser();
      if (!user) return null;
      if (user.expired !== false) return renew();
      return user.access_token;
    },
    renew,
    getPerson: () => person,
    endSession: () => setStatus('session-ended'),
    async signIn(returnTo) {
      // The last person's tokens are revoked (and their provider session ended) before anything else.
      if (pending.pending()) {
        const settled = await pending.settle();
        if (settled === 'not-reached') throw new Error('The identity provider could not be reached.');
        if (settled === 'left-for-provider') return;
      }
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
    beginSignOut,
    async signOut(): Promise<SignOutOutcome> {
      const user = await userManager.getUser();
      // Their language, read while they are still signed in (afterwards the app speaks the browser's).
      leavingLocale = uiLocales?.();
      beginSignOut();
      // On this device first, at once, whatever the network does.
      endHere();
      // Kept in this tab until revoked: the stored user stays until signoutRedirect has read its ID token.
      pending.keep({ refreshToken: user?.refresh_token, idToken: user?.id_token });
      if (await reachable()) {
        // The refresh token is revoked, then the page leaves for the provider's end-session with the ID
        // token as the hint (the provider then signs out without asking).
        const settled = await pending.settle();
        if (settled === 'left-for-provider') return 'left-for-provider';
      }
      await userManager.removeUser();
      // The tokens wait in this tab for the network (see createPendingRevocation); nothing signs in as them.
      return 'provider-not-reached';
    },
    providerSessionToEnd: () => pending.sessionToEnd(),
    nextSignInAsksPassword: providerSessionMayLive,
  };
}
