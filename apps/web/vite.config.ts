import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { cspHashes } from './build/csp-hashes.ts';
import { firstPaintPreload } from './build/first-paint-preload.ts';
import { precompress } from './build/precompress.ts';
import { prerenderHome } from './build/prerender-home.ts';
import { precacheCore } from './build/precache-core.ts';
import { pwaOptions } from './build/pwa.ts';
import { routePreload } from './build/route-preload.ts';
import { routeShell } from './build/route-shell.ts';

/**
 * The signed-in frame every area screen loads (layout, sidebar, page switch, session check, react-query, the
 * outbox, the live-messages hook and their API helpers, the map tile URLs of the farm and admin maps): one chunk.
 */
const AREA_SHELL_MODULES =
  /[\\/](?:src[\\/](?:features[\\/]areas[\\/](?:AreaLayout|AreaPageView|Sidebar|areaIcons)\.tsx|app[\\/](?:pages|restoreSession)\.ts|lib[\\/](?:queries|outbox)\.ts|features[\\/]messaging[\\/](?:live|api)\.ts|features[\\/]admin[\\/](?:adminApi|queries)\.ts|features[\\/]alerts[\\/](?:AlertBell|BellIcon)\.tsx|features[\\/]alerts[\\/]alertsApi\.ts|features[\\/]farm[\\/]useMedia\.ts|features[\\/]basemap[\\/]tiles\.ts)|node_modules[\\/]@tanstack[\\/])/;

/**
 * The farm map page with the farm modules it always loads (result panels, values grid, API, formats, the map's
 * lazy frame, the demo note, the compare toggle): one chunk. The page itself is a dynamic-import target; captured
 * here with every module only it imports, it needs no file of its own (a module it alone imports and no group
 * captures would keep one). Leaflet (map/FarmMap.tsx), the charts (recharts), the compare mode and the other farm
 * pages stay in their own chunks, loaded when used.
 */
const FARM_PAGE_MODULES =
  /[\\/](?:src[\\/]features[\\/](?:farm[\\/](?!ParcelPage|HistoryPage|HistoryChart|SeasonChart)[^\\/]+|farm[\\/]map[\\/](?:FarmMapFrame|LazyFarmMap|mapConfig)\.tsx?|farm[\\/]compare[\\/]CompareToggle\.tsx|demo[\\/]DemoImageryNote\.tsx)|packages[\\/]shared[\\/]src[\\/]values-grid\.ts)$/;

/**
 * The marketplace list with the modules that always load with it (API, formats, filters, cards, the reads before its
 * first render): one chunk
 * (see FARM_PAGE_MODULES for the page itself).
 */
const MARKET_MODULES =
  /[\\/](?:apps[\\/]web[\\/]src[\\/]features[\\/]marketplace[\\/](?:MarketplacePage|prepareMarketplace|api|format|filters|FilterBar|ProductCard|ProductImage)\.tsx?|packages[\\/]shared[\\/]src[\\/]marketplace-limits\.ts)$/;

/**
 * The router app (app/App.tsx, the dynamic import every screen but the home page starts with) and what only it
 * imports: react-router, the route table, the guards, the public frame, the API client (the home page's first paint
 * does without it) and the service worker's cache names it reads. With SHARED_UI_MODULES in one chunk.
 */
const ROUTER_MODULES =
  /[\\/](?:apps[\\/]web[\\/]src[\\/](?:app[\\/](?:App|routes|guards|RouterNavigation|ScrollToTop)\.tsx|app[\\/](?:areas|nextPath|prepareRoute|routePreload|screenPrep)\.ts|lib[\\/](?:preloadable|api|client|early|apiAnswer|offline)\.ts|sw[\\/]routes\.ts|features[\\/]public[\\/]PublicLayout\.tsx|components[\\/]offline[\\/]OfflineBanner\.tsx|components[\\/]ui[\\/]Loading\.tsx)|node_modules[\\/]react-router[\\/].*)$/;

/** Small shared pieces of forms and lists (banners, fields, dialogs, messages, wilayas, money, formatters): one chunk. */
const SHARED_UI_MODULES =
  /[\\/](?:apps[\\/]web[\\/]src[\\/](?:components[\\/]ui[\\/](?:ErrorBanner|fields|contactFields|TextAreaField|Dialog)\.tsx|components[\\/]ui[\\/]useModalFocus\.ts|lib[\\/](?:messages|catalogText|money|focusFirstInvalid|intl)\.ts)|packages[\\/]shared[\\/]src[\\/](?:errors|wilayas|localized|index-names)\.ts)$/;

/**
 * Locale namespaces that load together, one chunk per language (about 13 KB compressed): the signed-in frame's
 * (layout, messaging for the sidebar, alerts for the header's bell), the forms' (errors, validation, auth) and
 * the first screen of a farmer (farm) and of a seller or buyer (marketplace). One request for the strings of the
 * sign-in page, the farm map or the marketplace, at the price of a few KB each does not show; the other
 * namespaces stay one chunk each.
 */
const SIGNED_IN_STRINGS = new Set([
  'layout',
  'messaging',
  'alerts',
  'errors',
  'validation',
  'auth',
  'farm',
  'marketplace',
]);

function localeGroup(id: string): string | null {
  const m = /[\\/]i18n[\\/]locales[\\/](\w+)[\\/](\w+)\.json$/.exec(id);
  if (!m) return null;
  return SIGNED_IN_STRINGS.has(m[2]!) ? `strings-${m[1]}` : null;
}

export default defineConfig(() => ({
  resolve: {
    // react-router 8 picks its production build by the `development` export condition, which Vite sets only when
    // not building for production: no alias needed any more.
    // @filaha/shared is bundled from its TypeScript sources, not its built dist/.
    conditions: ['@filaha/source', ...defaultClientConditions],
  },
  // The API serves dist/ with `preCompressed`, so every text asset ships with .br and .gz siblings.
  plugins: [
    react(),
    tailwindcss(),
    firstPaintPreload(),
    routePreload(),
    routeShell(),
    prerenderHome(),
    // Manifest and service worker (src/sw/sw.ts); production builds only, registered by src/lib/pwa.ts.
    precacheCore.collect(),
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
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 10 },
            // Rolldown keeps its runtime helpers (under 1 KB) in a file of their own: no group is offered them (a
            // group with a test for the runtime module changed nothing), so they stay one request of every screen.
            // Issue 13 §4: what always loads together after the first paint, one file per group instead of
            // ten small ones (each ≥ 1 round trip on a weak connection; docs/PERFORMANCE.md).
            { name: localeGroup, debugName: 'locale', priority: 3, includeDependenciesRecursively: false },
            { name: 'area', test: AREA_SHELL_MODULES, priority: 2, includeDependenciesRecursively: false },
            { name: 'farm-page', test: FARM_PAGE_MODULES, priority: 2, includeDependenciesRecursively: false },
            { name: 'market', test: MARKET_MODULES, priority: 2, includeDependenciesRecursively: false },
            // The router app with the small shared pieces nearly every screen after it uses: one request, not two.
            {
              name: 'App',
              test: (id) => ROUTER_MODULES.test(id) || SHARED_UI_MODULES.test(id),
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
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
