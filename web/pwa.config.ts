import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The colour of the brand mark and the header's theme-color meta tag. */
const sage = '#2f4a3a';

/**
 * The build files index.html loads by itself: the entry script, its static imports, its styles
 * and the fonts it preloads. These are the app shell the service worker precaches; chunks of other routes (the admin
 * console, the Soul Story recorder) are cached the first time a page asks for them, so a phone
 * never downloads pages its pilgrim does not open.
 */
const shellFiles = (outDir: string) => {
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  return new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]));
};

/**
 * The installable app: the web app manifest, and a Workbox service worker (generateSW) that
 * - precaches the app shell, the offline page and the icons;
 * - sends every navigation to the network, and answers with the offline page when there is none;
 * - keeps hashed build files and the site's public illustrations once fetched;
 * - handles nothing else: API calls, media (/media/, /s/<token>/...) and anything personal pass
 *   straight to the network and are never stored.
 * A new deployment waits until the pilgrim accepts the reload prompt (web/src/app/service-worker.tsx).
 */
export const pwa = (): PluginOption[] => {
  let outDir = '';
  const findOutDir: PluginOption = {
    name: 'pilgrim-soul:pwa-out-dir',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
  };
  const plugins = VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifest: {
      id: '/',
      name: 'Pilgrim Soul',
      short_name: 'Pilgrim Soul',
      description:
        'A home for pilgrims after the journey: Soul Stories keepsakes, the Vela companion, and a community around them.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: sage,
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // The manifest's icons are added by the plugin itself.
      globPatterns: ['offline.html', 'assets/*.{js,css,woff2}'],
      manifestTransforms: [
        async (entries) => {
          const shell = shellFiles(outDir);
          return {
            manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url)),
            warnings: [],
          };
        },
      ],
      // Pages come from the server (it writes each page's title and meta tags), never from a cache.
      navigateFallback: null,
      navigationPreload: true,
      runtimeCaching: [
        {
          urlPattern: ({ request }) => request.mode === 'navigate',
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: '/offline.html' } },
        },
        {
          urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'build-files',
            expiration: { maxEntries: 150, maxAgeSeconds: 60 * 60 * 24 * 30 },
          },
        },
        {
          urlPattern: ({ sameOrigin, url }) => sameOrigin && /^\/static\/(brand|images)\//.test(url.pathname),
          handler: 'StaleWhileRevalidate',
          options: {
            cacheName: 'illustrations',
            expiration: { maxEntries: 80, maxAgeSeconds: 60 * 60 * 24 * 30 },
          },
        },
      ],
    },
  });
  return [findOutDir, ...plugins];
};
