import type { VitePWAOptions } from 'vite-plugin-pwa';
import { precacheCore } from './precache-core.ts';

/**
 * The web app manifest and the service worker (docs/ARCHITECTURE.md, "Offline and installable").
 * vite-plugin-pwa 2 (peer range includes Vite 8) with `injectManifest`: our own worker (src/sw/sw.ts, Workbox
 * modules) gets the build's precache list. Registration is ours too (src/lib/pwa.ts, production only), so the
 * plugin injects no script into index.html and the CSP needs no new hash.
 *
 * Names: Arabic is the default language (the manifest's `lang`/`dir`); "Filaha · فلاحة" reads in both.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'autoUpdate',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: 'فلاحة · Filaha',
    short_name: 'فلاحة',
    description: 'منصة الفلاحة الرقمية في الجزائر · Plateforme d’agriculture numérique en Algérie',
    lang: 'ar',
    dir: 'rtl',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#fdfaf3',
    theme_color: '#14532d',
    categories: ['business', 'productivity', 'utilities'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The shell, every chunk (locale files included), styles, fonts, icons. Not the pre-rendered home pages
    // (the server picks one per `lang` cookie; navigations go to the network first) nor the .br/.gz siblings.
    globPatterns: ['index.html', 'assets/**/*.{js,css,woff2,png,svg}', 'icons/*.png', 'favicon.svg'],
    globIgnores: ['**/*.br', '**/*.gz', 'home.*.html'],
    maximumFileSizeToCacheInBytes: 1024 * 1024,
    // `__FILAHA_CORE__`: what the worker precaches at install; the rest later (build/precache-core.ts).
    buildPlugins: { vite: [precacheCore.inject()] },
  },
  devOptions: { enabled: false },
};
