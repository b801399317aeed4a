import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startApp, type RunningApp } from './appServer.ts';
import { launchBrowser, signedInPage } from './browser.ts';
import { freePort } from './ports.ts';
import { startSandbox, type RunningSandbox, type SandboxOptions } from './sandbox.ts';

/** A sandbox, the app served against it, and a signed-in Chromium page; torn down in reverse. */
export interface AppStack {
  sandbox: RunningSandbox;
  app: RunningApp;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * The sandbox alone first (so sandbox-only figures can be measured even when the app is missing),
 * then `withApp` adds the app and the browser on demand.
 */
export async function withSandbox<T>(
  repoRoot: string,
  options: SandboxOptions,
  body: (sandbox: RunningSandbox, appPort: number) => Promise<T>,
): Promise<T> {
  const appPort = await freePort();
  const sandbox = await startSandbox(repoRoot, {
    ...options,
    allowedOrigins: [`http://127.0.0.1:${appPort}`, ...(options.allowedOrigins ?? [])],
  });
  try {
    return await body(sandbox, appPort);
  } finally {
    await sandbox.stop();
  }
}

export async function withApp<T>(
  repoRoot: string,
  sandbox: RunningSandbox,
  appPort: number,
  log: (m: string) => void,
  body: (stack: AppStack) => Promise<T>,
): Promise<T> {
  const app = await startApp(repoRoot, appPort, sandbox.url, log);
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const { context, page } = await signedInPage(browser, app.origin);
    return await body({ sandbox, app, browser, context, page });
  } finally {
    await browser?.close();
    await app.stop();
  }
}
