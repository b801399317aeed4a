import { defineConfig, devices } from '@playwright/test';

// The browser journeys run the built app (served by scripts/serve-app.mjs) against a sandbox with
// its own throw-away data directory. Ports differ from `npm start`'s so both can run at once.
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT || 4100);
const appPort = Number(process.env.E2E_APP_PORT || 5180);
const appOrigin = `http://127.0.0.1:${appPort}`;
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
const dataDir = process.env.E2E_SANDBOX_DATA_DIR || `/tmp/e2e-sandbox-${sandboxPort}-${process.pid}`;

export const e2eEnv = { sandboxUrl, appOrigin, dataDir };
process.env.E2E_SANDBOX_URL = sandboxUrl;
process.env.E2E_APP_ORIGIN = appOrigin;

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: appOrigin,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Journeys route and stall requests from the page; the offline journeys (pwa-*.spec.ts) allow the
    // service worker they test.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `rm -rf ${dataDir} && tsx sandbox/src/main.ts`,
      url: `${sandboxUrl}/oidc/.well-known/openid-configuration`,
      env: {
        SANDBOX_PORT: String(sandboxPort),
        SANDBOX_DATA_DIR: dataDir,
        SANDBOX_ALLOWED_ORIGINS: appOrigin,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
    {
      command: `npm run build && node scripts/serve-app.mjs`,
      url: `${appOrigin}/config.json`,
      env: {
        APP_PORT: String(appPort),
        APP_API_URL: `${sandboxUrl}/graphql`,
        APP_OIDC_AUTHORITY: `${sandboxUrl}/oidc`,
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
    },
  ],
});
