import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { benchContext, devicePage } from './browser.ts';
import { startDeadZone } from './device.ts';
import { REGISTER_MUTATION, TICKET_QUERY, type ApiClient } from './apiClient.ts';

/** Uppy's page, served beside the app: its origin must be allowed by the sandbox (CORS). */
export interface UppyServer {
  origin: string;
  stop(): Promise<void>;
}

let bundled: Promise<string> | undefined;

/**
 * bench/uppy/page.ts and Uppy bundled for the browser with esbuild (once per run, in memory). Always
 * this tree's page, also when a `--baseline` run measures another tree's app beside it.
 */
function bundle(): Promise<string> {
  bundled ??= import('esbuild').then(async (esbuild) => {
    const result = await esbuild.build({
      entryPoints: [fileURLToPath(new URL('../uppy/page.ts', import.meta.url))],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      write: false,
      logLevel: 'silent',
    });
    return result.outputFiles[0]!.text;
  });
  return bundled;
}

/**
 * Uppy's own stylesheets (core and Dashboard), served as `/uppy.css`: the Dashboard page links them, so
 * it draws as Uppy ships it, and the pages without a Dashboard style nothing more than before.
 */
function uppyStyles(): string {
  const require = createRequire(import.meta.url);
  return ['@uppy/core/css/style.min.css', '@uppy/dashboard/css/style.min.css']
    .map((sheet) => readFileSync(require.resolve(sheet), 'utf8'))
    .join('\n');
}

const HTML =
  '<!doctype html><html><head><meta charset="utf-8"><title>Uppy peer</title></head><body><script type="module" src="/uppy.js"></script></body></html>';

const TYPES = { js: 'text/javascript', css: 'text/css', html: 'text/html' } as const;

/** Serves the Uppy page on 127.0.0.1:`port` (pick the port before the sandbox starts, to allow its origin). */
export async function startUppyServer(port: number): Promise<UppyServer> {
  const bodies = { js: await bundle(), css: uppyStyles(), html: HTML };
  const server: Server = createServer((req, res) => {
    const kind = req.url?.startsWith('/uppy.js') ? 'js' : req.url?.startsWith('/uppy.css') ? 'css' : 'html';
    res.writeHead(200, { 'content-type': TYPES[kind], 'cache-control': 'no-store' });
    res.end(bodies[kind]);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A fresh context with Uppy's page open under the bench's device profile, uploading to `entityId` with
 * the API client's token, `limit` files in flight, Golden Retriever on or off. `beforeLoad` runs on the
 * page before it loads (e.g. to record long tasks).
 */
export async function openUppyPage(
  browser: Browser,
  server: UppyServer,
  client: ApiClient,
  {
    entityId,
    limit,
    goldenRetriever,
    dashboard,
  }: { entityId: number; limit: number; goldenRetriever: boolean; dashboard: boolean },
  beforeLoad: (page: Page) => Promise<void> = async () => {},
): Promise<Page> {
  const context = await benchContext(browser, { viewport: { width: 1280, height: 900 } });
  const page = await devicePage(context);
  await startDeadZone(context);
  await beforeLoad(page);
  const config = {
    graphqlUrl: client.graphqlUrl,
    token: client.token,
    entityId,
    ticketQuery: TICKET_QUERY,
    registerMutation: REGISTER_MUTATION,
    limit,
    goldenRetriever,
    dashboard,
  };
  await page.goto(`${server.origin}/#${encodeURIComponent(JSON.stringify(config))}`);
  await page.getByRole('button', { name: 'Choose files' }).waitFor();
  return page;
}
