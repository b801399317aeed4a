import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// The browser journeys run the built app (served by scripts/serve-app.mjs) against a sandbox with
// its own throw-away data directory. Ports differ from `npm start`'s so both can run at once.
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT || 4100);
const appPort = Number(process.env.E2E_APP_PORT || 5180);
const appOrigin = `http://127.0.0.1:${appPort}`;
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
const dataDir = process.env.E2E_SANDBOX_DATA_DIR || `/tmp/e2e-sandbox-${sandboxPort}-${process.pid}`;
// E2E_STORAGE=s3: the sandbox keeps its files in s3rver (an independent S3 server) on E2E_S3_PORT, and
// the browser uploads to and downloads from there, as it would from a real bucket.
const s3Mode = process.env.E2E_STORAGE === 's3';
const s3Port = Number(process.env.E2E_S3_PORT || sandboxPort + 5);
const storageOrigin = s3Mode ? `http://127.0.0.1:${s3Port}` : undefined;
// E2E_REUSE_BUILD=1 (the S3 run right after the main one) serves the dist/ that run built, if there is one.
const reuseBuild = process.env.E2E_REUSE_BUILD === '1' && existsSync('dist/index.html');
// Sandboxes the journeys start themselves (fixtures.ts) then use an s3rver of their own too.
if (s3Mode) process.env.SANDBOX_TEST_STORAGE = 's3';

export const e2eEnv = { sandboxUrl, appOrigin, dataDir };
process.env.E2E_SANDBOX_URL = sandboxUrl;
process.env.E2E_APP_ORIGIN = appOrigin;
process.env.E2E_STORAGE_ORIGIN = storageOrigin ?? sandboxUrl;

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
      command: `rm -rf ${dataDir} && tsx ${s3Mode ? 'e2e/sandbox-on-s3.ts' : 'sandbox/src/main.ts'}`,
      url: `${sandboxUrl}/oidc/.well-known/openid-configuration`,
      env: {
        SANDBOX_PORT: String(sandboxPort),
        SANDBOX_DATA_DIR: dataDir,
        SANDBOX_ALLOWED_ORIGINS: appOrigin,
        // As S3 answers: no Vary: Origin on an answer to a request without Origin (an <img>), so the
        // journeys prove the app never depends on storage varying its answer (issue 35).
        SANDBOX_STORAGE_VARY_ORIGIN: process.env.E2E_STORAGE_VARY_ORIGIN || 'off',
        E2E_S3_PORT: String(s3Port),
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
    {
      command: `${reuseBuild ? '' : 'npm run build && '}node scripts/serve-app.mjs`,
      url: `${appOrigin}/config.json`,
      env: {
        APP_PORT: String(appPort),
        APP_API_URL: `${sandboxUrl}/graphql`,
        APP_OIDC_AUTHORITY: `${sandboxUrl}/oidc`,
        ...(storageOrigin ? { APP_STORAGE_ORIGINS: storageOrigin } : {}),
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
    },
  ],
});
