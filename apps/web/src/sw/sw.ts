/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa's injectManifest from this file; see docs/ARCHITECTURE.md,
 * "Offline and installable"). It makes the app open without a network and keeps the farmer's last viewed data
 * readable:
 * - the app shell, every script and style chunk (the locale files are chunks too), the fonts and the icons are
 *   precached, versioned by the build, and old versions are deleted on activation: the farmer's core
 *   (build/precache-core.ts) at install, the rest once the page asks (`PRECACHE_LATER`, on idle after the first
 *   visit's answers are kept);
 * - the page hands over the API reads it made before the worker controlled it (Workbox's `CACHE_URLS`, lib/pwa.ts),
 *   which go through the routes below and are kept like any other;
 * - a page navigation gets the precached app shell at once, except "/", which goes to the network (the
 *   pre-rendered home page) and falls back to the shell when there is no answer within a few seconds;
 * - GET /api answers of the farmer's screens (session, profile, subscription status, indices, parcels, latest
 *   result and history) and the stored result files (PNG, value grid) are network-first with a short timeout,
 *   the last good answer kept (a file by its path, whatever its signature). A kept answer carries
 *   `x-filaha-saved-at` (when it was saved), so the app can mark what it shows as "saved on <date>".
 * Nothing else is cached. The app deletes the runtime caches on sign-in, sign-out and an expired session
 * (lib/offline.ts), so one account never sees another's kept answers.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
  PrecacheController,
  PrecacheRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import {
  API_CACHE,
  FILES_CACHE,
  LATER_CACHE,
  NETWORK_TIMEOUT_SECONDS,
  PRECACHE_LATER,
  SAVED_AT_HEADER,
  cachedApiPath,
  filesCacheKey,
} from './routes.ts';

type ManifestEntry = string | { url: string; revision?: string | null };
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: ManifestEntry[] };
/** The core's file names under dist/ (build/precache-core.ts); null: everything is core. */
declare const __FILAHA_CORE__: string[] | null;

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// The build's list (vite-plugin-pwa finds exactly one `self.__WB_MANIFEST` to replace).
const manifest = self.__WB_MANIFEST;
const core = __FILAHA_CORE__ === null ? null : new Set(__FILAHA_CORE__);
const urlOf = (entry: ManifestEntry) => (typeof entry === 'string' ? entry : entry.url).replace(/^\//, '');
/**
 * Outside assets/, only the shell and the manifest are core. The icons and the favicon (revisioned, so Workbox asks
 * them past the HTTP cache, one after another: six round trips, ~3 s on the field link) serve installing the app, not
 * using it offline: they come with the rest.
 */
const SHELL_FILES = new Set(['index.html', 'manifest.webmanifest']);
const isCore = (entry: ManifestEntry) =>
  !core || (urlOf(entry).startsWith('assets/') ? core.has(urlOf(entry)) : SHELL_FILES.has(urlOf(entry)));
const coreEntries = manifest.filter(isCore);

/**
 * Workbox's install fetches the precache one file after another: on a weak link (400 ms round trip) the farmer's
 * core took ~14 s of round trips (docs/PERFORMANCE.md, "Offline from the first visit"). Registered before Workbox's
 * own listener, this asks the core's hashed files (fetched by Workbox with the browser's HTTP cache allowed) a few at
 * a time; Workbox's request for each then finds it in the HTTP cache, or waits for the one in flight (the cache
 * lets one request fetch a URL while the others wait for it). Revisioned files (the shell, the manifest) Workbox asks
 * past the HTTP cache itself. A failure here changes nothing: Workbox fetches that file as before.
 */
const WARM_AT_ONCE = 6;
self.addEventListener('install', (event) => {
  const hashed = coreEntries.filter((entry) => typeof entry === 'string' || !entry.revision).map((e) => `/${urlOf(e)}`);
  const next = () => hashed.shift();
  const worker = async () => {
    for (let url = next(); url !== undefined; url = next())
      await fetch(url, { credentials: 'same-origin' })
        .then((response) => response.arrayBuffer())
        .catch(() => undefined);
  };
  event.waitUntil(Promise.all(Array.from({ length: WARM_AT_ONCE }, worker)));
});

// No directory index: "/" is not the precached index.html but the pre-rendered home page (the route below).
precacheAndRoute(coreEntries, { directoryIndex: '' });

// The rest: its own precache (same versioning, a cache name cleanupOutdatedCaches leaves alone), served like the
// core once kept and from the network until then; filled when the page asks, so the farmer's core is ready first.
const later = new PrecacheController({ cacheName: LATER_CACHE });
later.addToCacheList(manifest.filter((entry) => !isCore(entry)));
registerRoute(new PrecacheRoute(later, { directoryIndex: '' }));
self.addEventListener('activate', (event) => void later.activate(event));
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type !== PRECACHE_LATER) return;
  // Workbox fills a precache only from an install event: the same work, kept alive by this message's event.
  const install = { type: 'install', waitUntil: (p: Promise<unknown>) => event.waitUntil(p) };
  void later.install(install as unknown as ExtendableEvent);
});

/** Stamps the copy that goes into the cache (never the answer the page gets from the network). */
const stampSavedAt: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null;
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, new Date().toISOString());
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  },
};

/** Result files are kept by path, whatever their signature (routes.ts, filesCacheKey). */
const keyedByPath: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => filesCacheKey(request.url),
};

const kept = (cacheName: string, maxEntries: number, keys: WorkboxPlugin[] = []) =>
  new NetworkFirst({
    cacheName,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    // Accept-Language or Accept-Encoding may differ from when the answer was saved: still the same data.
    matchOptions: { ignoreVary: true },
    plugins: [
      ...keys,
      new CacheableResponsePlugin({ statuses: [200] }),
      stampSavedAt,
      new ExpirationPlugin({ maxEntries, maxAgeSeconds: 30 * 24 * 60 * 60 }),
    ],
  });

const apiStrategy = kept(API_CACHE, 300);
const filesStrategy = kept(FILES_CACHE, 80, [keyedByPath]);

registerRoute(({ url, request, sameOrigin }) => {
  if (!sameOrigin || request.method !== 'GET') return false;
  return cachedApiPath(url.pathname) === 'api';
}, apiStrategy);

registerRoute(({ url, request, sameOrigin }) => {
  if (!sameOrigin || request.method !== 'GET') return false;
  return cachedApiPath(url.pathname) === 'files';
}, filesStrategy);

// Navigations. "/" is the pre-rendered home page in the visitor's language (a different document from the app's
// shell): the network within a few seconds, else the precached shell. Every other page is the app's shell,
// which the server answers identically for all of them: served from the precache at once, with no round trip
// (a warm start on a weak connection). A deploy is seen once the new worker has installed: it activates at once
// and the next page opened gets the new shell; a page still on the old one that asks for a file the new build
// dropped reloads itself (lib/pwa.ts).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.pathname === '/',
  async ({ request }) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), NETWORK_TIMEOUT_SECONDS * 1000);
    try {
      return await fetch(request, { signal: controller.signal });
    } catch {
      const shell = await matchPrecache('/index.html');
      return shell ?? Response.error();
    } finally {
      clearTimeout(timer);
    }
  },
);
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(?:\/|$)/] }));
