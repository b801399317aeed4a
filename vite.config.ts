import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import tsr from './tsr.config.json' with { type: 'json' };

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', ...tsr }), react()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  // 'hidden': maps are written for error tracking but not referenced, and serve-app never publishes them.
  build: { sourcemap: 'hidden', target: 'es2022' },
});
