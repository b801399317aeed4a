import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import tsr from './tsr.config.json' with { type: 'json' };
import { graphqlDocuments } from './scripts/graphql-documents-plugin.ts';
import { piexifWithoutEval } from './scripts/piexif-without-eval-plugin.ts';
import { webAppManifest } from './src/serviceWorker/webAppManifest.ts';

export default defineConfig({
  plugins: [
    piexifWithoutEval(),
    graphqlDocuments(path.resolve(import.meta.dirname, 'src/graphql/generated')),
    tanstackRouter({ target: 'react', ...tsr }),
    react(),
    VitePWA({
      // Our own worker (Workbox modules) because the share target's POST needs handling in it.
      strategies: 'injectManifest',
      srcDir: 'src/serviceWorker',
      filename: 'sw.ts',
      // The app registers the worker itself and asks before an update takes over (never mid-upload).
      injectRegister: false,
      registerType: 'prompt',
      manifest: webAppManifest,
      injectManifest: {
        // Every asset and lazily loaded route chunk; config.json is fetched network-first at run time.
        globPatterns: ['**/*.{js,css,html,svg,png,wasm,webmanifest,woff2}'],
        globIgnores: ['**/*.map', 'config.json'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
      // The dev server keeps no worker: hot reload stays as it was.
      devOptions: { enabled: false },
    }),
  ],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  // 'hidden': maps are written for error tracking but not referenced, and serve-app never publishes them.
  build: { sourcemap: 'hidden', target: 'es2022' },
  // Module workers (the app starts them with type: 'module'), so a worker's rarely needed imports
  // (libheif for HEIC) stay in their own chunk instead of being loaded with every photo.
  // piexif-ts is imported by the photo workers too: the same fix applies there.
  worker: { format: 'es', plugins: () => [piexifWithoutEval()] },
});
