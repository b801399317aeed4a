import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chooseEncoding, createAppServer } from './serve-app.mjs';

/** A script well over the compression threshold, as repetitive as minified code is. */
const BIG_SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = "record ${i}";`).join(
  '\n',
);

let server: Server;
let base: string;
let parent: string;
let dist: string;

beforeAll(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), 'serve-app-'));
  dist = path.join(parent, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(parent, 'secret.txt'), 'secret');
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'assets', 'app-def456.js'), BIG_SCRIPT);
  await writeFile(path.join(dist, 'assets', 'photo-789.png'), Buffer.alloc(4096, 7));
  await writeFile(path.join(dist, 'assets', 'index-abc123.js.map'), '{"sources":["src/main.tsx"]}');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
  await writeFile(path.join(dist, 'sw.js'), 'self.skipWaiting()');
  await writeFile(path.join(dist, 'manifest.webmanifest'), '{}');
  server = await createAppServer({
    distDir: dist,
    env: {
      APP_API_URL: 'http://127.0.0.1:4999/graphql',
      APP_OIDC_AUTHORITY: 'http://localhost:4998/oidc',
      APP_ENVIRONMENT: 'e2e',
      APP_CSP_EXTRA_ORIGINS: 'https://bucket.example',
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(parent, { recursive: true, force: true });
});

describe('serve-app', () => {
  it('serves config.json with environment overrides, never cached', async () => {
    const response = await fetch(`${base}/config.json`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({
      apiUrl: 'http://127.0.0.1:4999/graphql',
      oidc: {
        authority: 'http://localhost:4998/oidc',
        clientId: 'floor-app',
        scopes: 'openid profile email offline_access',
      },
      environment: 'e2e',
    });
  });

  it('falls back to index.html for client-side routes', async () => {
    const response = await fetch(`${base}/parts/12?tab=files`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<div id="root">');
  });

  it('keeps the favicon for a day but asks again for index.html every time', async () => {
    const favicon = await fetch(`${base}/favicon.svg`);
    expect(favicon.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(favicon.headers.get('content-type')).toBe('image/svg+xml');
    expect((await fetch(`${base}/index.html`)).headers.get('cache-control')).toBe('no-cache');
  });

  it('has the browser ask again for the service worker and the manifest, where a new version shows', async () => {
    const worker = await fetch(`${base}/sw.js`);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toContain('text/javascript');
    const manifest = await fetch(`${base}/manifest.webmanifest`);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
  });

  it('caches hashed assets for a year and 404s missing ones', async () => {
    const asset = await fetch(`${base}/assets/index-abc123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect((await fetch(`${base}/assets/gone-123.js`)).status).toBe(404);
  });

  it('sends a CSP limited to the app, API, identity provider and storage origins', async () => {
    const response = await fetch(`${base}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain(
      "connect-src 'self' http://127.0.0.1:4999 http://localhost:4998 https://bucket.example",
    );
    expect(csp).toContain("img-src 'self' data: blob: http://127.0.0.1:4999 https://bucket.example");
    // Nothing is framed (PDFs are drawn by pdf.js): no storage or other page may be put in a frame.
    expect(csp).toContain("frame-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('does not publish source maps', async () => {
    const response = await fetch(`${base}/assets/index-abc123.js.map`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('sources');
  });

  it('does not serve files outside dist', async () => {
    const response = await fetch(`${base}/..%2fsecret.txt`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('secret');
  });

  it('compresses text and WebAssembly as the browser accepts, brotli first, and says it varies', async () => {
    const brotli = await fetch(`${base}/assets/app-def456.js`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toBe('Accept-Encoding');
    expect(Number(brotli.headers.get('content-length'))).toBeLessThan(BIG_SCRIPT.length / 3);
    // fetch undoes the encoding: what arrives is the file, byte for byte.
    expect(await brotli.text()).toBe(BIG_SCRIPT);

    const gzipped = await fetch(`${base}/assets/app-def456.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toBe(BIG_SCRIPT);

    const plain = await fetch(`${base}/assets/app-def456.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(Number(plain.headers.get('content-length'))).toBe(BIG_SCRIPT.length);
  });

  it('leaves images and tiny files as they are, and a HEAD says the length a GET sends', async () => {
    const png = await fetch(`${base}/assets/photo-789.png`, { headers: { 'accept-encoding': 'br' } });
    expect(png.headers.get('content-encoding')).toBeNull();
    expect((await png.arrayBuffer()).byteLength).toBe(4096);
    const tiny = await fetch(`${base}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(tiny.headers.get('content-encoding')).toBeNull();

    const head = await fetch(`${base}/assets/app-def456.js`, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'gzip' },
    });
    const get = await fetch(`${base}/assets/app-def456.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
  });

  it('reads Accept-Encoding as browsers send it, refusals (q=0) included', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(chooseEncoding('BR')).toBe('br');
    expect(chooseEncoding('deflate')).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
