#!/usr/bin/env node
// Serves the built app (dist/) the way production should: SPA fallback to index.html, long-lived
// caching for hashed assets, /config.json from public/config.json with environment overrides (so
// one build serves the sandbox or any region), and a Content-Security-Policy without inline scripts.
//
//   APP_PORT (5173), APP_HOST (127.0.0.1), APP_DIST_DIR (dist)
//   APP_API_URL, APP_OIDC_AUTHORITY, APP_OIDC_CLIENT_ID, APP_OIDC_SCOPES, APP_ENVIRONMENT,
//   APP_MAX_UPLOAD_BYTES: override fields of config.json
//   APP_STORAGE_ORIGINS: comma-separated origins of signed storage URLs (default: the API's origin)
//   APP_CSP_EXTRA_ORIGINS: comma-separated origins added to connect-src, img-src, media-src, frame-src
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

function list(value) {
  return (value || '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** config.json as served: the file's values with environment overrides applied. */
export function buildConfig(base, env) {
  const config = structuredClone(base);
  config.oidc = { ...config.oidc };
  if (env.APP_API_URL) config.apiUrl = env.APP_API_URL;
  if (env.APP_OIDC_AUTHORITY) config.oidc.authority = env.APP_OIDC_AUTHORITY;
  if (env.APP_OIDC_CLIENT_ID) config.oidc.clientId = env.APP_OIDC_CLIENT_ID;
  if (env.APP_OIDC_SCOPES) config.oidc.scopes = env.APP_OIDC_SCOPES;
  if (env.APP_ENVIRONMENT) config.environment = env.APP_ENVIRONMENT;
  if (env.APP_MAX_UPLOAD_BYTES) config.maxUploadBytes = Number(env.APP_MAX_UPLOAD_BYTES);
  return config;
}

/** The policy for the configured API, identity provider and storage origins. */
export function contentSecurityPolicy(config, env) {
  const api = originOf(config.apiUrl);
  const idp = originOf(config.oidc?.authority);
  const storage = env.APP_STORAGE_ORIGINS ? list(env.APP_STORAGE_ORIGINS) : [api].filter(Boolean);
  const extra = list(env.APP_CSP_EXTRA_ORIGINS);
  const join = (...sources) => [...new Set(sources.flat().filter(Boolean))].join(' ');
  return [
    `default-src 'self'`,
    // wasm-unsafe-eval: hashing uploads with WebAssembly; still no inline or eval'd JavaScript.
    `script-src 'self' 'wasm-unsafe-eval'`,
    // Mantine writes its CSS variables into <style> elements at run time.
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${join("'self'", 'data:', 'blob:', storage, extra)}`,
    `media-src ${join("'self'", 'blob:', storage, extra)}`,
    `frame-src ${join('blob:', storage, extra)}`,
    `connect-src ${join("'self'", api, idp, storage, extra)}`,
    `font-src 'self' data:`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

async function readIfFile(file) {
  try {
    if (!(await stat(file)).isFile()) return null;
    return await readFile(file);
  } catch {
    return null;
  }
}

/** Creates (does not start) the HTTP server. */
export async function createAppServer({ distDir = path.join(root, 'dist'), env = process.env } = {}) {
  const configFile = path.join(root, 'public', 'config.json');
  const config = buildConfig(JSON.parse(await readFile(configFile, 'utf8')), env);
  const configBody = JSON.stringify(config, null, 2);
  const headers = { ...SECURITY_HEADERS, 'Content-Security-Policy': contentSecurityPolicy(config, env) };
  const resolvedDist = path.resolve(distDir);

  return createServer(async (req, res) => {
    const send = (status, body, extra) => {
      res.writeHead(status, { ...headers, ...extra });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(405, 'Method Not Allowed', { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' });
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://app.invalid').pathname);
    } catch {
      return send(400, 'Bad Request', { 'Content-Type': 'text/plain' });
    }
    if (pathname === '/config.json') {
      return send(200, configBody, { 'Content-Type': CONTENT_TYPES['.json'], 'Cache-Control': 'no-store' });
    }
    // Source maps stay on the build machine: they would publish the app's source.
    if (pathname.endsWith('.map')) return send(404, 'Not Found', { 'Content-Type': 'text/plain' });
    const file = path.resolve(resolvedDist, `.${pathname}`);
    const inside = file === resolvedDist || file.startsWith(resolvedDist + path.sep);
    const body = inside ? await readIfFile(file) : null;
    if (body) {
      const ext = path.extname(file).toLowerCase();
      // Vite fingerprints everything under /assets, so those never change under the same name. The
      // other public files (the favicon) are kept for a day: Chromium asks for the favicon again at
      // every change of the URL, which here is every search as you type.
      const cache = pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : ext === '.html'
          ? 'no-cache'
          : 'public, max-age=86400';
      return send(200, body, {
        'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
        'Cache-Control': cache,
      });
    }
    // A missing asset is a real 404; any other path is a client-side route.
    if (pathname.startsWith('/assets/') || path.extname(pathname)) {
      return send(404, 'Not Found', { 'Content-Type': 'text/plain' });
    }
    const index = await readIfFile(path.join(resolvedDist, 'index.html'));
    if (!index)
      return send(500, 'dist/index.html is missing: run `npm run build` first.', {
        'Content-Type': 'text/plain',
      });
    return send(200, index, { 'Content-Type': CONTENT_TYPES['.html'], 'Cache-Control': 'no-cache' });
  });
}

async function main() {
  const port = Number(process.env.APP_PORT || 5173);
  const host = process.env.APP_HOST || '127.0.0.1';
  const server = await createAppServer({
    distDir: process.env.APP_DIST_DIR ? path.resolve(process.env.APP_DIST_DIR) : undefined,
  });
  server.listen(port, host, () => console.log(`App served on http://${host}:${port}`));
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
