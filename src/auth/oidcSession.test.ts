import { describe, expect, it, vi } from 'vitest';
import { User, type IdTokenClaims, type UserManager } from 'oidc-client-ts';
import { StaleSignInError } from './authSession';
import { createOidcAuthSession, createUserManager } from './oidcSession';
import { TEST_CONFIG } from '../test/renderApp';

type Handler = () => void;

/** Just enough of UserManager for the session: stored user, events and the calls it makes. */
function fakeUserManager(initialUser: Partial<User> | null) {
  let user = initialUser as User | null;
  const handlers = { loaded: [] as Handler[], unloaded: [] as Handler[], renewError: [] as Handler[] };
  const manager = {
    settings: { post_logout_redirect_uri: 'http://app.test/' },
    getUser: vi.fn(async () => user),
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
