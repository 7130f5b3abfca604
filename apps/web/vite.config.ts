import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { cspHashes } from './build/csp-hashes.ts';
import { firstPaintPreload } from './build/first-paint-preload.ts';
import { precompress } from './build/precompress.ts';
import { prerenderHome } from './build/prerender-home.ts';
import { pwaOptions } from './build/pwa.ts';

const require = createRequire(import.meta.url);

/**
 * react-router's package exports always resolve to its development build (dev-only warnings and checks);
 * production bundles take the production build that ships beside it.
 */
function reactRouterProduction(): string {
  const pkg = require.resolve('react-router/package.json');
  return fileURLToPath(new URL('./dist/production/index.mjs', `file://${pkg}`));
}

export default defineConfig(({ command }) => ({
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction() }] : [],
  },
  // The API serves dist/ with `preCompressed`, so every text asset ships with .br and .gz siblings.
  plugins: [
    react(),
    tailwindcss(),
    firstPaintPreload(),
    prerenderHome(),
    // Manifest and service worker (src/sw/sw.ts); production builds only, registered by src/lib/pwa.ts.
    VitePWA(pwaOptions),
    precompress({ minBytes: 1024 }),
    cspHashes(),
  ],
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    // Tailwind 4's own browser floor; nothing older can render the styles anyway.
    target: ['chrome111', 'edge111', 'firefox128', 'safari16.4'],
    // Fonts and images stay files: inlined as base64 they would bloat the CSS of the first paint.
    assetsInlineLimit: 0,
    // Every browser Vite 8 targets supports modulepreload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the first paint needs in one file (better compression, one request); the rest
        // splits per route as usual.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
      treeshake: {
        // @filaha/shared has top-level zod schemas; marking its modules pure lets pages that only need
        // constants (ROLE_HOME, WILAYAS) avoid pulling zod into the home page's graph.
        moduleSideEffects: [
          { test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false },
          { test: /\.css$/, sideEffects: true },
        ],
      },
    },
  },
}));
