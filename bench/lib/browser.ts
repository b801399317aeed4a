import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import playwrightConfig from '../../playwright.config.ts';
import { TIMEOUTS } from '../config.ts';
import { NotReady } from './benchmark.ts';
import { emulateDevice, startDeadZone } from './device.ts';

/** Chromium launched exactly as the end-to-end tests launch it (playwright.config.ts). */
export async function launchBrowser(): Promise<Browser> {
  const launchOptions = playwrightConfig.use?.launchOptions ?? {};
  try {
    return await chromium.launch(launchOptions);
  } catch (error) {
    throw new NotReady(
      `Chromium did not start (${launchOptions.executablePath}): ${(error as Error).message.split('\n')[0]}`,
    );
  }
}

/**
 * A browser context whose pages can run this project's in-page functions: tsx compiles them with
 * esbuild's keepNames, which wraps named functions in a `__name(...)` helper the page does not have.
 */
export async function benchContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  return context;
}

/**
 * A signed-in page: opens the app, which sends the browser to the sandbox's login page, signs in
 * as the technician there, and waits until the app has the browser back. The page runs under the
 * bench's device profile (`--device`) from its first request; a dead zone starts once signed in.
 */
export async function signedInPage(
  browser: Browser,
  appOrigin: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await benchContext(browser, {
    baseURL: appOrigin,
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  const page = await devicePage(context);
  await page.goto('/');
  const email = page.getByLabel('Email');
  try {
    await email.waitFor({ timeout: TIMEOUTS.uiMs });
  } catch {
    throw new NotReady(`opening the app did not lead to the login page (stuck at ${page.url()})`);
  }
  await email.fill('technician@example.com');
  await page.getByLabel('Password').fill('technician');
  await page.getByRole('button', { name: 'Sign in' }).click();
  try {
    await page.waitForURL((url) => url.origin === appOrigin && !url.pathname.startsWith('/auth/callback'));
  } catch {
    throw new NotReady(`signing in did not return to the app (stuck at ${page.url()})`);
  }
  await startDeadZone(context);
  return { context, page };
}

/** A new page of `context` under the bench's device profile (CPU and network throttled before it loads anything). */
export async function devicePage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUTS.uiMs);
  await emulateDevice(page);
  return page;
}

/** Opens a path in the signed-in app and waits until the page's content is there. */
export async function openRecordPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  try {
    await page.getByRole('button', { name: 'Choose files' }).waitFor();
  } catch {
    throw new NotReady(`${path} shows no drop zone (no "Choose files" button) yet`);
  }
}
