import { existsSync } from 'node:fs';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';

// The browser journeys run the built app (served by scripts/serve-app.mjs) against a sandbox with
// its own throw-away data directory. Ports differ from `npm start`'s so both can run at once.
//
// Lanes: each Playwright worker has a sandbox and an app server of its own (E2E_WORKERS of them),
// so journeys in parallel never see each other's files or sign-ins. Lane i uses the base ports + 10·i;
// e2e/fixtures.ts picks its lane by the worker's TEST_PARALLEL_INDEX. One by default: on 2 cores two
// lanes (two Chromiums with software rendering, two sandboxes) took the suite from about 24 to 36 min.
const lanes = Math.max(1, Number(process.env.E2E_WORKERS || 1));
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT || 4100);
const appPort = Number(process.env.E2E_APP_PORT || 5180);
// E2E_STORAGE=s3: each lane's sandbox keeps its files in s3rver (an independent S3 server) on its
// sandbox port + 5, and the browser uploads to and downloads from there, as it would from a real bucket.
const s3Mode = process.env.E2E_STORAGE === 's3';
// E2E_REUSE_BUILD=1 (the S3 run right after the main one) serves the dist/ that run built, if there is one.
const reuseBuild = process.env.E2E_REUSE_BUILD === '1' && existsSync('dist/index.html');
// Sandboxes the journeys start themselves (fixtures.ts) then use an s3rver of their own too.
if (s3Mode) process.env.SANDBOX_TEST_STORAGE = 's3';

type WebServer = Extract<PlaywrightTestConfig['webServer'], unknown[]>[number];

function lane(index: number) {
  const sandboxUrl = `http://127.0.0.1:${sandboxPort + 10 * index}`;
  const s3Port = sandboxPort + 10 * index + 5;
  return {
    sandboxPort: sandboxPort + 10 * index,
    appPort: appPort + 10 * index,
    appOrigin: `http://127.0.0.1:${appPort + 10 * index}`,
    sandboxUrl,
    s3Port,
    storageOrigin: s3Mode ? `http://127.0.0.1:${s3Port}` : sandboxUrl,
    dataDir: `${process.env.E2E_SANDBOX_DATA_DIR || `/tmp/e2e-sandbox-${sandboxPort}-${process.pid}`}-${index}`,
  };
}
const all = Array.from({ length: lanes }, (_, index) => lane(index));
// Read by e2e/fixtures.ts in each worker (a worker inherits the runner's environment).
process.env.E2E_LANES = JSON.stringify(
  all.map(({ appOrigin, sandboxUrl, storageOrigin }) => ({ appOrigin, sandboxUrl, storageOrigin })),
);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: lanes,
  forbidOnly: !!process.env.CI,
  // A journey that fails is run once more, recording a trace (below), and still fails the run: one that
  // passes only the second time is flaky, and a flaky journey is a defect (failOnFlakyTests).
  retries: 1,
  failOnFlakyTests: true,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    // Recording a trace of every journey (its screencast and DOM snapshots) cost the suite about a tenth
    // of its time, for traces thrown away when the journey passed: the retry of a failure records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // Journeys route and stall requests from the page; the offline journeys (pwa-*.spec.ts) allow the
    // service worker they test.
    serviceWorkers: 'block',
    launchOptions: {
      // Debian's chromium-headless-shell (scripts/ensure-chromium.sh installs it): the journeys are
      // headless, and without the desktop browser around it each starts and renders faster.
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell',
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
  // One sandbox and one app server per lane; the first app server builds the app, the others serve
  // that build (Playwright starts them one after another).
  webServer: all.flatMap(
    ({ sandboxPort, appPort, appOrigin, sandboxUrl, s3Port, dataDir }, index): WebServer[] => [
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
        command: `${reuseBuild || index > 0 ? '' : 'npm run build && '}node scripts/serve-app.mjs`,
        url: `${appOrigin}/config.json`,
        env: {
          APP_PORT: String(appPort),
          APP_API_URL: `${sandboxUrl}/graphql`,
          APP_OIDC_AUTHORITY: `${sandboxUrl}/oidc`,
          ...(s3Mode ? { APP_STORAGE_ORIGINS: `http://127.0.0.1:${s3Port}` } : {}),
        },
        reuseExistingServer: false,
        timeout: 180_000,
        stdout: 'pipe',
      },
    ],
  ),
});
