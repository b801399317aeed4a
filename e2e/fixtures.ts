import { test as base, expect, type BrowserContext, type Cookie, type Page } from '@playwright/test';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { startSandbox, type TestSandbox } from '../sandbox/test/harness.ts';
import { createAppServer } from '../scripts/serve-app.mjs';
import { openWithProviderSession } from './app-session.ts';

interface Lane {
  appOrigin: string;
  sandboxUrl: string;
  storageOrigin: string;
}
/**
 * This worker's lane, of those playwright.config.ts starts: its own sandbox and app server, so journeys
 * running in parallel never share records, files or sign-ins.
 */
const LANE: Lane = (() => {
  const lanes = JSON.parse(process.env.E2E_LANES ?? '[]') as Lane[];
  const lane = lanes[Number(process.env.TEST_PARALLEL_INDEX ?? 0)] ?? lanes[0];
  if (!lane) throw new Error('E2E_LANES is not set: run the journeys through playwright.config.ts');
  return lane;
})();

export const APP_ORIGIN = LANE.appOrigin;
export const SANDBOX_URL = LANE.sandboxUrl;
/** Where the browser PUTs and GETs files: the sandbox's built-in storage, or the S3 server (E2E_STORAGE=s3). */
export const STORAGE_ORIGIN = LANE.storageOrigin;

export interface DemoUser {
  email: string;
  password: string;
  name: string;
  organization: string;
}

export const TECHNICIAN: DemoUser = {
  email: 'technician@example.com',
  password: 'technician',
  name: 'Taylor Technician',
  organization: 'Example Aerospace',
};
export const VIEWER: DemoUser = {
  email: 'viewer@example.com',
  password: 'viewer',
  name: 'Vic Viewer',
  organization: 'Example Aerospace',
};

/** Fills and submits the identity provider's login form (the page must be showing it). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Floor Attach' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Opens `path` of the app at `appOrigin` signed out, signs in through the real login page and
 * waits to be back on `path`. The journeys about signing in and out themselves use this one.
 */
export async function signInThroughForm(
  page: Page,
  path = '/',
  user: DemoUser = TECHNICIAN,
  appOrigin = APP_ORIGIN,
): Promise<void> {
  await page.goto(new URL(path, appOrigin).href);
  await page.waitForURL(/\/oidc\/interaction\//);
  await submitLogin(page, user.email, user.password);
  await waitSignedIn(page, path, user, appOrigin);
  await rememberProviderSession(page.context(), user, appOrigin);
}

async function waitSignedIn(page: Page, path: string, user: DemoUser, appOrigin: string): Promise<void> {
  await page.waitForURL((url) => url.origin === appOrigin && `${url.pathname}${url.search}` === path);
  // The app's start after the callback: on a busy shared machine this can take more than the default 10 s.
  await expect(page.getByTestId('current-user')).toContainText(user.name, { timeout: 30_000 });
}

/**
 * The identity provider's session cookies from this worker's last sign-in on its lane, by user: what a
 * tablet's browser keeps after a sign-in. Cookies only: the app's tokens stay in each page's
 * sessionStorage, got by each journey's own code flow.
 */
const providerSessions = new Map<string, Cookie[]>();
/** Tests that have already started a sign-in from a remembered provider session. */
const testsThatReused = new WeakSet<object>();

async function rememberProviderSession(
  context: BrowserContext,
  user: DemoUser,
  appOrigin: string,
): Promise<void> {
  if (appOrigin === APP_ORIGIN) providerSessions.set(user.email, await context.cookies(SANDBOX_URL));
}

/**
 * Opens `path` of the app at `appOrigin` signed in as `user`. The first sign-in of a journey on this
 * lane's app starts from the provider session an earlier journey of this worker left (its cookies put
 * into this fresh browser context): the provider gives this journey's own tokens from it without asking
 * for the password, and the app opens `path` holding them (app-session.ts). When there is none, or the
 * provider has ended it (a sign-out), the app is opened signed out and the login page filled in.
 */
export async function signIn(
  page: Page,
  path = '/',
  user: DemoUser = TECHNICIAN,
  appOrigin = APP_ORIGIN,
): Promise<void> {
  const info = base.info();
  const remembered = appOrigin === APP_ORIGIN ? providerSessions.get(user.email) : undefined;
  if (!remembered || testsThatReused.has(info)) return signInThroughForm(page, path, user, appOrigin);
  testsThatReused.add(info);
  await page.context().addCookies(remembered);
  if (!(await openWithProviderSession(page, path, appOrigin, user.email))) {
    return signInThroughForm(page, path, user, appOrigin);
  }
  await waitSignedIn(page, path, user, appOrigin);
  await rememberProviderSession(page.context(), user, appOrigin);
}

/** Serves config.json with `overrides` on top of the served one, for this context's pages (settings the
 * deployment's config.json would carry). */
export async function overrideConfig(
  context: BrowserContext,
  overrides: Record<string, unknown>,
): Promise<void> {
  await context.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), ...overrides } });
  });
}

/**
 * True for a presigned storage URL, at the built-in storage or any S3 service: fault injection must hit
 * the storage the app really talks to.
 */
export function isSignedStorageUrl(url: URL): boolean {
  return url.searchParams.has('X-Amz-Signature');
}

/** A port the OS says is free now (the app server must be known to the sandbox before either starts). */
export async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Another deployment: its own sandbox and the same build served for it, as for another region. */
export interface Deployment {
  appOrigin: string;
  sandbox: TestSandbox;
}

interface WorkerFixtures {
  /** A deployment whose access tokens live 5 seconds, for renewal journeys. */
  shortTokenDeployment: Deployment;
}

export const test = base.extend<object, WorkerFixtures>({
  // Relative addresses (page.goto('/parts/1')) open this lane's app.
  baseURL: APP_ORIGIN,
  shortTokenDeployment: [
    // Playwright requires an object pattern here even when no other fixture is used.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const port = await freePort();
      const appOrigin = `http://127.0.0.1:${port}`;
      const sandbox = await startSandbox({ accessTokenTtlSeconds: 5, allowedOrigins: [appOrigin] });
      const { storage } = sandbox.config;
      const app = await createAppServer({
        env: {
          APP_API_URL: `${sandbox.url}/graphql`,
          APP_OIDC_AUTHORITY: `${sandbox.url}/oidc`,
          // In S3 mode this sandbox has its own S3 server, which the browser must be allowed to reach.
          ...(storage.kind === 's3' ? { APP_STORAGE_ORIGINS: new URL(storage.endpoint).origin } : {}),
        },
      });
      await new Promise<void>((resolve) => app.listen(port, '127.0.0.1', resolve));
      await use({ appOrigin, sandbox });
      await new Promise((resolve) => app.close(resolve));
      await sandbox.stop();
    },
    { scope: 'worker' },
  ],
});

export { expect };
