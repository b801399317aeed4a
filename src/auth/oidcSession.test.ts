import { describe, expect, it, vi } from 'vitest';
import { User, type IdTokenClaims, type UserManager } from 'oidc-client-ts';
import { StaleSignInError } from './authSession.ts';
import { createOidcAuthSession, createUserManager } from './oidcSession.ts';
import { TEST_CONFIG } from '../test/renderApp.tsx';
import { memoryStorage } from '../test/memoryStorage.ts';
import { createPendingRevocation } from './pendingRevocation.ts';
import { createSignOutSignal } from './signOutSignal.ts';

type Handler = () => void;

/** Just enough of UserManager for the session: stored user, events and the calls it makes. */
function fakeUserManager(initialUser: Partial<User> | null) {
  let user = initialUser as User | null;
  const handlers = { loaded: [] as Handler[], unloaded: [] as Handler[], renewError: [] as Handler[] };
  const manager = {
    settings: {
      client_id: 'floor-app',
      post_logout_redirect_uri: 'http://app.test/',
      metadataUrl: 'http://idp.test/.well-known/openid-configuration',
    },
    getUser: vi.fn(async () => user),
    removeUser: vi.fn(async () => {
      user = null;
      handlers.unloaded.forEach((h) => h());
    }),
    signinCallback: vi.fn(async (_url: string): Promise<User | undefined> => {
      user = {
        access_token: 'fresh',
        expired: false,
        state: { returnTo: '/runs/7?tab=files' },
      } as unknown as User;
      handlers.loaded.forEach((h) => h());
      return user;
    }),
    signinSilent: vi.fn(async (): Promise<User | null> => {
      throw new Error('invalid_grant');
    }),
    signinRedirect: vi.fn(async () => {}),
    signoutRedirect: vi.fn(async (_args?: object) => {
      // Reads the stored user's ID token, removes the user, then the page leaves.
      user = null;
    }),
    stopSilentRenew: vi.fn(),
    startSilentRenew: vi.fn(),
    metadataService: { getRevocationEndpoint: async () => 'http://idp.test/token/revocation' },
    events: {
      addUserLoaded: (h: Handler) => handlers.loaded.push(h),
      addUserUnloaded: (h: Handler) => handlers.unloaded.push(h),
      addSilentRenewError: (h: Handler) => handlers.renewError.push(h),
    },
  };
  return { manager, asUserManager: manager as unknown as UserManager, handlers };
}

const CALLBACK = 'http://app.test/auth/callback?code=abc&state=xyz';

describe('OIDC auth session', () => {
  it('starts signed out without a stored user and signed in with one', async () => {
    expect((await createOidcAuthSession(fakeUserManager(null).asUserManager)).getState().status).toBe(
      'signed-out',
    );
    const stored = fakeUserManager({ access_token: 't', expired: false });
    expect((await createOidcAuthSession(stored.asUserManager)).getState().status).toBe('signed-in');
  });

  it('redeems a callback URL once even when asked twice (StrictMode) and returns to the page asked for', async () => {
    const { manager, asUserManager } = fakeUserManager(null);
    const session = await createOidcAuthSession(asUserManager);
    const [first, second] = await Promise.all([
      session.completeSignIn(CALLBACK),
      session.completeSignIn(CALLBACK),
    ]);
    expect(first).toBe('/runs/7?tab=files');
    expect(second).toBe(first);
    expect(manager.signinCallback).toHaveBeenCalledTimes(1);
    expect(session.getState().status).toBe('signed-in');
  });

  it('continues into the app when a used callback is opened again while signed in', async () => {
    const { manager, asUserManager } = fakeUserManager({ access_token: 't', expired: false });
    manager.signinCallback.mockRejectedValueOnce(new Error('No matching state found in storage'));
    const session = await createOidcAuthSession(asUserManager);
    await expect(session.completeSignIn(CALLBACK)).resolves.toBe('/');
  });

  it('reports a used callback opened while signed out as stale, so the page starts a fresh sign-in', async () => {
    const { manager, asUserManager } = fakeUserManager(null);
    manager.signinCallback.mockRejectedValueOnce(new Error('No matching state found in storage'));
    const session = await createOidcAuthSession(asUserManager);
    await expect(session.completeSignIn(CALLBACK)).rejects.toBeInstanceOf(StaleSignInError);
  });

  it('passes on a provider error from the callback', async () => {
    const { manager, asUserManager } = fakeUserManager(null);
    manager.signinCallback.mockRejectedValueOnce(new Error('access_denied'));
    const session = await createOidcAuthSession(asUserManager);
    await expect(session.completeSignIn(`${CALLBACK}&error=access_denied`)).rejects.toThrow('access_denied');
  });

  it('ends the session, without redirecting, when renewal fails', async () => {
    const { manager, asUserManager } = fakeUserManager({ access_token: 'old', expired: true });
    const session = await createOidcAuthSession(asUserManager);
    const changes = vi.fn();
    session.subscribe(changes);
    await expect(session.getAccessToken()).resolves.toBeNull();
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    expect(session.getState().status).toBe('session-ended');
    expect(changes).toHaveBeenCalledTimes(1);
    expect(manager.signinRedirect).not.toHaveBeenCalled();
  });

  it('recovers when a later renewal succeeds', async () => {
    const { manager, asUserManager } = fakeUserManager({ access_token: 'old', expired: true });
    const session = await createOidcAuthSession(asUserManager);
    await session.renew();
    manager.signinSilent.mockResolvedValueOnce({ access_token: 'new' } as User);
    await expect(session.renew()).resolves.toBe('new');
    expect(session.getState().status).toBe('signed-in');
  });

  it('keeps only a local return path when starting sign-in', async () => {
    const { manager, asUserManager } = fakeUserManager(null);
    const session = await createOidcAuthSession(asUserManager);
    await session.signIn('https://evil.example/');
    expect(manager.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/' },
      redirectMethod: 'replace',
    });
  });
});

/** A device whose tabs share a localStorage (the sign-out generation) and hear each other's sign-outs. */
function tabletDevice() {
  const localStorage = memoryStorage();
  const tabs = new Set<EventTarget>();
  const revoked: string[] = [];
  let online = true;
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    if (!online) throw new TypeError('Failed to fetch');
    revoked.push(new URLSearchParams(String(init?.body)).get('token') ?? '');
    return new Response('', { status: 200 });
  });

  /** A tab of the app on this device, with `user` in its own sessionStorage. */
  async function openTab(user: Partial<User> | null, { signedInUnderCurrent = true } = {}) {
    const { manager, asUserManager } = fakeUserManager(user);
    const channel = new EventTarget();
    tabs.add(channel);
    const sessionStorage = memoryStorage();
    const signal = createSignOutSignal({
      localStorage,
      sessionStorage,
      events: new EventTarget(),
      document: new EventTarget(),
      channel: {
        addEventListener: (type: string, listener: EventListener) => channel.addEventListener(type, listener),
        postMessage: (data: string) =>
          tabs.forEach((tab) => tab !== channel && tab.dispatchEvent(new MessageEvent('message', { data }))),
      },
    });
    if (user && signedInUnderCurrent) signal.signedInNow();
    const pending = createPendingRevocation({
      storage: sessionStorage,
      clientId: 'floor-app',
      revocationEndpoint: async () => 'http://idp.test/token/revocation',
      endSession: async (idToken) => manager.signoutRedirect({ id_token_hint: idToken }),
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    const session = await createOidcAuthSession(asUserManager, {
      storage: localStorage,
      reachable: async () => online,
      signal,
      pending,
      retries: () => undefined,
    });
    return { manager, session, sessionStorage, pending };
  }

  return {
    openTab,
    revoked,
    setOnline: (value: boolean) => {
      online = value;
    },
  };
}

describe('signing out', () => {
  const signedIn = {
    access_token: 't',
    id_token: 'id-token',
    refresh_token: 'refresh-token',
    expired: false,
    profile: { sub: '1', iss: 'i' } as IdTokenClaims,
  };

  it("revokes the refresh token, then ends the provider's session with the stored ID token as the hint", async () => {
    const tablet = tabletDevice();
    const elsewhere = await tabletDevice().openTab(null);
    const tab = await tablet.openTab(signedIn);
    await expect(tab.session.signOut()).resolves.toBe('left-for-provider');
    expect(tablet.revoked).toEqual(['refresh-token']);
    // The user is still stored when signoutRedirect reads its ID token: it removes it itself.
    expect(tab.manager.removeUser).not.toHaveBeenCalled();
    expect(tab.manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-token' });
    expect(tab.session.getState().status).toBe('signed-out');
    await expect(tab.session.getAccessToken()).resolves.toBeNull();
    // Whoever signs in next on this tablet is asked for the password, online sign-out or not.
    expect(tab.session.nextSignInAsksPassword()).toBe(true);
    expect(elsewhere.session.nextSignInAsksPassword()).toBe(false);
  });

  it('ends the session in every other tab at once: no token, nobody signed in, its refresh token revoked', async () => {
    const tablet = tabletDevice();
    const [one, two] = [
      await tablet.openTab(signedIn),
      await tablet.openTab({ ...signedIn, refresh_token: 'two' }),
    ];
    const told = vi.fn();
    two.session.subscribe(told);

    one.session.beginSignOut();

    // At once, before anything asynchronous: a drop or a response a moment later finds nobody signed in.
    expect(two.session.getState().status).toBe('signed-out');
    expect(two.session.getPerson()).toBeNull();
    expect(told).toHaveBeenCalledTimes(1);
    await expect(two.session.getAccessToken()).resolves.toBeNull();
    expect(two.manager.stopSilentRenew).toHaveBeenCalled();
    await vi.waitFor(() => expect(tablet.revoked).toEqual(['two']));
    expect(two.manager.removeUser).toHaveBeenCalled();
    // The tab that signs out is still signed in until it does (it may be sending this person's files).
    expect(one.session.getState().status).toBe('signed-in');
  });

  it('does not use a user a tab still has stored from before a sign-out on the device', async () => {
    const tablet = tabletDevice();
    await (await tablet.openTab(signedIn)).session.signOut();
    const restored = await tablet.openTab(
      { ...signedIn, refresh_token: 'restored' },
      { signedInUnderCurrent: false },
    );
    expect(restored.session.getState().status).toBe('signed-out');
    expect(restored.session.getPerson()).toBeNull();
    await vi.waitFor(() => expect(tablet.revoked).toContain('restored'));
  });

  it("asks the provider's sign-in page for the app's language", async () => {
    const { manager, asUserManager } = fakeUserManager(signedIn);
    const session = await createOidcAuthSession(asUserManager, {
      storage: memoryStorage(),
      reachable: async () => true,
      uiLocales: () => 'zh-Hans',
      retries: () => undefined,
    });
    await session.signIn('/parts/1');
    expect(manager.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/parts/1' },
      redirectMethod: 'replace',
      ui_locales: 'zh-Hans',
    });
  });

  it('offline, signs out here at once, keeps the tokens in this tab only, and revokes them before the next sign-in', async () => {
    const tablet = tabletDevice();
    const tab = await tablet.openTab(signedIn);
    tablet.setOnline(false);
    await expect(tab.session.signOut()).resolves.toBe('provider-not-reached');
    expect(tab.session.getState().status).toBe('signed-out');
    expect(tab.session.getPerson()).toBeNull();
    expect(tab.manager.removeUser).toHaveBeenCalled();
    expect(tab.manager.signoutRedirect).not.toHaveBeenCalled();
    expect(tab.session.providerSessionToEnd()).toBe(true);
    expect(tab.sessionStorage.getItem('floor-attach:revoke-pending')).toContain('refresh-token');

    // The flag is the device's, not the page's: a page opened later asks too.
    const later = await tablet.openTab(null);
    expect(later.session.nextSignInAsksPassword()).toBe(true);

    // Still offline: the sign-in cannot start, and nothing is sent.
    await expect(tab.session.signIn('/parts/1')).rejects.toThrow();
    expect(tab.manager.signinRedirect).not.toHaveBeenCalled();

    // The network is back: revoked, then the provider's session ended with the ID token, before any sign-in.
    tablet.setOnline(true);
    await tab.session.signIn('/parts/1');
    expect(tablet.revoked).toEqual(['refresh-token']);
    expect(tab.manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-token' });
    expect(tab.manager.signinRedirect).not.toHaveBeenCalled();
    expect(tab.session.providerSessionToEnd()).toBe(false);
    expect(tab.sessionStorage.getItem('floor-attach:revoke-pending')).toBeNull();

    // Back from the provider, the next sign-in asks for the password.
    await tab.session.signIn('/parts/1');
    expect(tab.manager.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/parts/1', freshLogin: true },
      redirectMethod: 'replace',
      prompt: 'login',
    });

    // The provider asked for the password: its session is the new person's, so the next sign-in need not.
    tab.manager.signinCallback.mockImplementationOnce(
      async () => ({ state: { returnTo: '/parts/1', freshLogin: true } }) as unknown as User,
    );
    await tab.session.completeSignIn(CALLBACK);
    expect(tab.session.nextSignInAsksPassword()).toBe(false);
    await tab.session.signIn('/');
    expect(tab.manager.signinRedirect).toHaveBeenLastCalledWith({
      state: { returnTo: '/' },
      redirectMethod: 'replace',
    });
  });
});

describe('createUserManager', () => {
  it('shares one renewal between concurrent callers (a rotating refresh token is spent once)', async () => {
    const manager = createUserManager(TEST_CONFIG, 'http://app.test');
    const first = manager.signinSilent();
    const second = manager.signinSilent();
    expect(second).toBe(first);
    await expect(first).rejects.toThrow();
    // Once settled, the next renewal is a new attempt.
    const third = manager.signinSilent();
    expect(third).not.toBe(first);
    await expect(third).rejects.toThrow();
  });

  it('keeps the user in sessionStorage, never localStorage', async () => {
    const manager = createUserManager(TEST_CONFIG, 'http://app.test');
    await manager.storeUser(
      new User({ access_token: 'secret-token', token_type: 'Bearer', profile: {} as IdTokenClaims }),
    );
    expect(
      sessionStorage.getItem(`oidc.user:${TEST_CONFIG.oidc.authority}:${TEST_CONFIG.oidc.clientId}`),
    ).toContain('secret-token');
    expect(JSON.stringify({ ...localStorage })).not.toContain('secret-token');
  });

  it('asks for the configured scopes with PKCE, the callback on this origin', () => {
    const { settings } = createUserManager(TEST_CONFIG, 'http://app.test');
    expect(settings.redirect_uri).toBe('http://app.test/auth/callback');
    expect(settings.post_logout_redirect_uri).toBe('http://app.test/');
    expect(settings.scope).toBe('openid profile email offline_access');
    expect(settings.automaticSilentRenew).toBe(true);
    expect(settings.disablePKCE).toBe(false);
  });
});
