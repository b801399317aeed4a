#!/usr/bin/env node
// `npm start`: builds the app when dist/ is missing or older than its sources, then runs the sandbox
// and the production server side by side. `npm run dev` (--dev): the sandbox and Vite with hot reload.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import concurrently from 'concurrently';
import { s3StorageOrigin } from './storage-origin.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const sandboxPort = Number(process.env.SANDBOX_PORT || 4000);
const appPort = dev ? 5173 : Number(process.env.APP_PORT || 5173);
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
const appUrl = `http://127.0.0.1:${appPort}`;

/** Newest modification time under the given files and folders. */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const info = statSync(p);
    if (info.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'generated') visit(path.join(p, name));
    } else {
      latest = Math.max(latest, info.mtimeMs);
    }
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return latest;
}

function buildIfStale() {
  const built = path.join(root, 'dist', 'index.html');
  const sources = [
    'src',
    'public',
    'index.html',
    'vite.config.ts',
    'package.json',
    'sandbox/src/graphql/schema.graphql',
  ];
  if (existsSync(built) && statSync(built).mtimeMs >= newest(sources)) return;
  console.log('Building the app (dist/ is missing or older than the sources)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

function banner() {
  console.log(`
  Floor Attach is running.

    App:      ${appUrl}
    Sandbox:  ${sandboxUrl}  (GraphQL ${sandboxUrl}/graphql, OIDC issuer ${sandboxUrl}/oidc)

  Demo logins (sandbox only):
    technician@example.com / technician   may view and attach
    viewer@example.com     / viewer       view only

  Press Ctrl+C to stop.
`);
}

if (!dev) buildIfStale();

const sandbox = {
  name: 'sandbox',
  command: 'npx tsx sandbox/src/main.ts',
  prefixColor: 'magenta',
  // The sandbox allows :5173 by default; another APP_PORT must be allowed for CORS and redirects too.
  env: process.env.SANDBOX_ALLOWED_ORIGINS
    ? {}
    : { SANDBOX_ALLOWED_ORIGINS: [appUrl, `http://localhost:${appPort}`].join(',') },
};
const app = dev
  ? { name: 'vite', command: 'npx vite', prefixColor: 'cyan' }
  : {
      name: 'app',
      command: 'node scripts/serve-app.mjs',
      prefixColor: 'cyan',
      env: {
        APP_PORT: String(appPort),
        APP_API_URL: process.env.APP_API_URL || `${sandboxUrl}/graphql`,
        APP_OIDC_AUTHORITY: process.env.APP_OIDC_AUTHORITY || `${sandboxUrl}/oidc`,
        // In S3 mode the browser talks to the bucket: the CSP must allow it, or every upload is blocked.
        ...(process.env.APP_STORAGE_ORIGINS || !s3StorageOrigin(process.env)
          ? {}
          : { APP_STORAGE_ORIGINS: s3StorageOrigin(process.env) }),
      },
    };

const { result } = concurrently([sandbox, app], {
  cwd: root,
  killOthersOn: ['failure', 'success'],
  prefix: 'name',
});

Promise.all([
  waitFor(`${sandboxUrl}/oidc/.well-known/openid-configuration`),
  waitFor(`${appUrl}/config.json`),
]).then(([sandboxUp, appUp]) => {
  if (sandboxUp && appUp) banner();
  else console.error('The sandbox or the app did not start; see the output above.');
});

result.then(
  () => process.exit(0),
  () => process.exit(1),
);
