import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { pageShells } from './web/page-shells.ts';
import { pwa } from './web/pwa.config.ts';

/**
 * The fonts the first screen paints with (body text and buttons in Inter, headings in Lora), preloaded by
 * their hashed build names so that they download alongside the stylesheet rather than after it.
 */
const firstScreenFonts = ['inter-latin-400-normal', 'inter-latin-600-normal', 'lora-latin-600-normal'];

const preloadFirstScreenFonts = (): Plugin => ({
  name: 'pilgrim-soul:preload-fonts',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, { bundle }) =>
      Object.values(bundle ?? {})
        .filter((file) =>
          firstScreenFonts.some((font) => new RegExp(`^assets/${font}-[\\w-]+\\.woff2$`).test(file.fileName)),
        )
        .map((file) => ({
          tag: 'link',
          attrs: {
            rel: 'preload',
            href: `/${file.fileName}`,
            as: 'font',
            type: 'font/woff2',
            crossorigin: true,
          },
          injectTo: 'head' as const,
        })),
  },
});

export default defineConfig({
  root: 'web',
  plugins: [react(), preloadFirstScreenFonts(), pageShells(), pwa()],
  build: {
    outDir: path.resolve(import.meta.dirname, process.env.WEB_DIST_DIR ?? 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rollupOptions: {
      // The small script that starts the app after a pre-rendered first screen has painted (web/page-shells.ts).
      input: {
        index: path.resolve(import.meta.dirname, 'web/index.html'),
        'after-first-paint': path.resolve(import.meta.dirname, 'web/src/after-first-paint.ts'),
      },
    },
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
