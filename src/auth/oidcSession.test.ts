import { describe, expect, it, vi } from 'vitest';
import { User, type IdTokenClaims, type UserManager } from 'oidc-client-ts';
import { StaleSignInError } from './authSession';
import { createOidcAuthSession, createUserManager } from './oidcSession';
import { TEST_CONFIG } from '../test/renderApp';
import { memoryStorage } from '../test/memoryStorage';

type Handler = () => void;

/** Just enough of UserManager for the session: stored user, events and the calls it makes. */
function fakeUserManager(initialUser: Partial<User> | null) {
  let user = initialUser as User | null;
  const handlers = { loaded: [] as Handler[], unloaded: [] as Handler[], renewError: [] as Handler[] };
  const manager = {
    settings: {
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
    signoutRedirect: vi.fn(async () => {}),
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

describe('signing out', () => {
  const signedIn = {
    access_token: 't',
    id_token: 'id-token',
    expired: false,
    profile: { sub: '1', iss: 'i' } as IdTokenClaims,
  };

  it('goes on to the identity provider to end its session when it answers', async () => {
    const { manager, asUserManager } = fakeUserManager(signedIn);
    const storage = memoryStorage();
    const session = await createOidcAuthSession(asUserManager, { storage, reachable: async () => true });
    await expect(session.signOut()).resolves.toBe('left-for-provider');
    expect(manager.removeUser).toHaveBeenCalled();
    expect(manager.signoutRedirect).toHaveBeenCalledWith({
      id_token_hint: 'id-token',
      post_logout_redirect_uri: 'http://app.test/',
    });
    expect(session.nextSignInAsksPassword()).toBe(false);
  });

  it("asks the provider's sign-in and sign-out pages for the app's language", async () => {
    const { manager, asUserManager } = fakeUserManager(signedIn);
    // The person's language while they are signed in; the browser's (English here) once they are not.
    let signedInHere = true;
    manager.removeUser.mockImplementation(async () => {
      signedInHere = false;
    });
    const session = await createOidcAuthSession(asUserManager, {
      storage: memoryStorage(),
      reachable: async () => true,
      uiLocales: () => (signedInHere ? 'zh-Hans' : 'en'),
    });
    await session.signIn('/parts/1');
    expect(manager.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/parts/1' },
      redirectMethod: 'replace',
      ui_locales: 'zh-Hans',
    });
    await session.signOut();
    expect(manager.signoutRedirect).toHaveBeenCalledWith({
      id_token_hint: 'id-token',
      post_logout_redirect_uri: 'http://app.test/',
      extraQueryParams: { ui_locales: 'zh-Hans' },
    });
  });

  it('offline, signs out on this device at once and makes the next sign-in ask for a password', async () => {
    const { manager, asUserManager } = fakeUserManager(signedIn);
    const storage = memoryStorage();
    const session = await createOidcAuthSession(asUserManager, { storage, reachable: async () => false });
    await expect(session.signOut()).resolves.toBe('provider-not-reached');
    expect(session.getState().status).toBe('signed-out');
    expect(session.getPerson()).toBeNull();
    expect(manager.signoutRedirect).not.toHaveBeenCalled();

    // The flag is the device's, not the page's: a page opened later asks too.
    const later = await createOidcAuthSession(fakeUserManager(null).asUserManager, { storage });
    expect(later.nextSignInAsksPassword()).toBe(true);
    await session.signIn('/parts/1');
    expect(manager.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/parts/1', freshLogin: true },
      redirectMethod: 'replace',
      prompt: 'login',
    });

    // The provider asked for the password: its session is the new person's, so the next sign-in need not.
    manager.signinCallback.mockImplementationOnce(
      async () => ({ state: { returnTo: '/parts/1', freshLogin: true } }) as unknown as User,
    );
    await session.completeSignIn(CALLBACK);
    expect(session.nextSignInAsksPassword()).toBe(false);
    await session.signIn('/');
    expect(manager.signinRedirect).toHaveBeenLastCalledWith({
      state: { returnTo: '/' },
      redirectMethod: 'replace',
    });
  });

  it('takes a provider whose address cannot be read as one that cannot be reached', async () => {
    const { manager, asUserManager } = fakeUserManager(signedIn);
    manager.signoutRedirect.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const session = await createOidcAuthSession(asUserManager, {
      storage: memoryStorage(),
      reachable: async () => true,
    });
    await expect(session.signOut()).resolves.toBe('provider-not-reached');
    expect(session.nextSignInAsksPassword()).toBe(true);
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
