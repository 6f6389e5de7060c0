import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pwa } from './web/pwa.config.ts';

export default defineConfig({
  root: 'web',
  plugins: [react(), pwa()],
  build: {
    outDir: path.resolve(import.meta.dirname, process.env.WEB_DIST_DIR ?? 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/static': 'http://localhost:3000',
      '/s/': 'http://localhost:3000',
    },
  },
});
