#!/usr/bin/env node
// Serves the built app (dist/) the way production should: SPA fallback to index.html, long-lived
// caching for hashed assets, compression (brotli or gzip, as the browser accepts), /config.json from
// public/config.json with environment overrides (so one build serves the sandbox or any region), and
// a Content-Security-Policy without inline scripts.
//
//   APP_PORT (5173), APP_HOST (127.0.0.1), APP_DIST_DIR (dist)
//   APP_API_URL, APP_OIDC_AUTHORITY, APP_OIDC_CLIENT_ID, APP_OIDC_SCOPES, APP_ENVIRONMENT,
//   APP_MAX_UPLOAD_BYTES: override fields of config.json
//   APP_STORAGE_ORIGINS: comma-separated origins of signed storage URLs (default: the API's origin)
//   APP_CSP_EXTRA_ORIGINS: comma-separated origins added to connect-src, img-src, media-src
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
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
    // Nothing is framed: PDFs are drawn by pdf.js, and the session check needs no iframe (see oidcSession).
    `frame-src 'none'`,
    `connect-src ${join("'self'", api, idp, storage, extra)}`,
    `font-src 'self' data:`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/**
 * Text and WebAssembly shrink to a third or less: on the floor's Wi-Fi that is the difference for a
 * tablet's first visit, when the service worker fetches every file (4.5 MB, 1.6 MB compressed) so
 * the app works in dead zones. Images and fonts are compressed already.
 */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.wasm',
  '.txt',
  '.webmanifest',
]);
/** Below this, headers cost more than compression saves. */
const COMPRESS_MIN_BYTES = 1024;
const ENCODERS = {
  // Quality 9 of 11: nearly the best ratio at a fraction of the time; each file is compressed once.
  br: (body) => promisify(brotliCompress)(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

/** `br` or `gzip` when the request's Accept-Encoding takes it (not with q=0), brotli first; else null. */
export function chooseEncoding(acceptEncoding) {
  const accepted = new Set();
  for (const part of (acceptEncoding || '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return ['br', 'gzip'].find((encoding) => accepted.has(encoding)) ?? null;
}

/** Files that say which version of the app is current. */
const REVALIDATED = new Set(['/sw.js', '/manifest.webmanifest']);

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

/** A file in dist, or null: its version (size and mtime) now, its bytes read only when asked for. */
async function fileIfThere(file) {
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    return { size: info.size, version: `${info.size}:${info.mtimeMs}`, read: () => readFile(file) };
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
  /** Compressed bodies by encoding, file and version (size and mtime): a rebuild is seen at once. */
  const compressed = new Map();

  /**
   * A dist file as sent to this request: compressed when it is worth it and the browser takes it. A
   * compressed copy already made is sent without reading the file again.
   */
  const encoded = async (req, file, { size, version, read }) => {
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    if (!COMPRESSIBLE.has(path.extname(file).toLowerCase()) || size < COMPRESS_MIN_BYTES) {
      return { body: await read(), extra: {} };
    }
    if (!encoding) return { body: await read(), extra: { Vary: 'Accept-Encoding' } };
    const key = `${encoding} ${file}`;
    let entry = compressed.get(key);
    if (entry?.version !== version) {
      entry = { version, body: read().then(ENCODERS[encoding]) };
      compressed.set(key, entry);
    }
    try {
      return { body: await entry.body, extra: { 'Content-Encoding': encoding, Vary: 'Accept-Encoding' } };
    } catch {
      // Never cached as broken: the next request tries again, this one is sent as it is.
      compressed.delete(key);
      return { body: await read(), extra: { Vary: 'Accept-Encoding' } };
    }
  };

  return createServer(async (req, res) => {
    const send = (status, body, extra) => {
      res.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(body), ...extra });
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
    const stored = inside ? await fileIfThere(file) : null;
    if (stored) {
      const ext = path.extname(file).toLowerCase();
      // Vite fingerprints everything under /assets, so those never change under the same name. The
      // other public files (the favicon) are kept for a day: Chromium asks for the favicon again at
      // every change of the URL, which here is every search as you type.
      // The service worker and the manifest are how a new version is found: always revalidated.
      const cache = pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : ext === '.html' || REVALIDATED.has(pathname)
          ? 'no-cache'
          : 'public, max-age=86400';
      const { body, extra } = await encoded(req, file, stored);
      return send(200, body, {
        'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
        'Cache-Control': cache,
        ...extra,
      });
    }
    // A missing asset is a real 404; any other path is a client-side route.
    if (pathname.startsWith('/assets/') || path.extname(pathname)) {
      return send(404, 'Not Found', { 'Content-Type': 'text/plain' });
    }
    const indexFile = path.join(resolvedDist, 'index.html');
    const index = await fileIfThere(indexFile);
    if (!index)
      return send(500, 'dist/index.html is missing: run `npm run build` first.', {
        'Content-Type': 'text/plain',
      });
    const { body, extra } = await encoded(req, indexFile, index);
    return send(200, body, { 'Content-Type': CONTENT_TYPES['.html'], 'Cache-Control': 'no-cache', ...extra });
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
