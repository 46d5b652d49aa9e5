import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogsPlugin } from './scripts/catalogs-plugin.ts';
import { firstScreenChunks, firstScreensManifest } from './scripts/first-screens.ts';

const firstScreenChunk = firstScreenChunks();

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  resolve: {
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('src/web/lib/zod-jitless.ts', import.meta.url)),
      },
    ],
  },
  plugins: [
    catalogsPlugin(),
    firstScreensManifest(),
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'autoUpdate',
      // An external registerSW.js: the CSP allows no inline script.
      injectRegister: 'script-defer',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        name: 'Truck Finder',
        short_name: 'Truck Finder',
        description:
          'Find mobile mechanics, tire shops and towing near you. Book, track and pay — 24/7.',
        theme_color: '#0f172a',
        background_color: '#0f172a',
        display: 'standalone',
        orientation: 'portrait',
        start_url: '/',
        scope: '/',
        categories: ['travel', 'utilities', 'business'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      // Our own worker (src/web/sw.ts): the precached shell plus the queued bookings' sender.
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      },
    }),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    manifest: true,
    // No modulepreload polyfill in the entry: a browser without modulepreload (Safari before 17)
    // fetches a lazy page's chunks when it imports them instead of beside it, slower but the same.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Lazy chunks named by their hash only: the entry lists every chunk a page preloads, and
        // the names cost 1.4 KB gzipped on each page (docs/decisions/051-chunks-named-by-hash.md).
        chunkFileNames: 'assets/[hash].js',
        // TanStack Query in one chunk: split by its users it costs more gzipped bytes on `/`.
        // Its hydration code is used only by the lazy offline cache, so it stays out.
        codeSplitting: {
          // The small chunks the splitting makes of what several pages and dialogs share are
          // copied into the chunks that use them (one module state through the bundler's
          // registry): `/profile` loads 9 files instead of 53 (decision 066). Chunks holding
          // styles stay files, as Vite's CSS plugin needs; so does idb, which a signed-in page's
          // offline cache, booking outbox and pending sign-out would each carry a copy of. The
          // size counts source before minification, comments included: the message catalogs'
          // runtime (lib/i18n.ts and Lingui, ~20 000) must stay under it, or every page loads it
          // as a file of its own.
          experimentalInlineCommonChunks: {
            maxSize: 32_000,
            exclude:
              /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)|[\\/]node_modules[\\/]idb[\\/]/,
          },
          groups: [
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/](?!.*hydration)/,
            },
            // Radix's small helpers in one chunk: copied into each Radix part that uses them, a
            // page showing a toast loaded them twice (its dismissable layer's and collection's).
            {
              name: 'radix-core',
              test: /node_modules[\\/]@radix-ui[\\/](react-context|react-use-controllable-state|primitive|react-use-effect-event|react-use-layout-effect)[\\/]/,
            },
            // Each first screen's code in one chunk (scripts/first-screens.ts, decision 033).
            {
              name: (id, context) =>
                firstScreenChunk(id, { info: (module) => context.getModuleInfo(module) }),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:5000', changeOrigin: false } },
  },
});
