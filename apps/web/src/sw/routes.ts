/**
 * What the service worker (sw.ts) keeps, shared with the page (lib/offline.ts clears these caches; lib/api.ts
 * reads the saved-at header). No DOM or worker types here: both sides import it.
 */

/** Runtime cache of GET /api answers of the farmer's screens. */
export const API_CACHE = 'filaha-api';
/** Runtime cache of stored result files (PNG, value grids), signed same-origin URLs under /api/files/. */
export const FILES_CACHE = 'filaha-files';
/**
 * The precache of what is not the farmer's core (back office, seller, marketplace…; build/precache-core.ts), filled
 * after the core when the page posts PRECACHE_LATER. Its name must not contain "-precache-": Workbox's
 * cleanupOutdatedCaches deletes every such cache but its own.
 */
export const LATER_CACHE = 'filaha-app-later';
export const PRECACHE_LATER = 'PRECACHE_LATER';
/** Every cache that holds one account's data: deleted on sign-in, sign-out and an expired session. */
export const USER_CACHES = [API_CACHE, FILES_CACHE] as const;
/** On a kept answer served instead of the network's: when it was saved (ISO 8601). */
export const SAVED_AT_HEADER = 'x-filaha-saved-at';
/** How long the network gets before a kept answer (or the app shell) is used instead. */
export const NETWORK_TIMEOUT_SECONDS = 4;

/**
 * GET /api paths whose last answer is kept for offline reading: the session (profile, role), the subscription
 * status and the plan's indices (the farm screens' gate), the parcels, the latest result and the history, the
 * season curve and the latest acquisition its window and the farm map's end on (so the window is the same offline),
 * the parcel's alert rules, crops and water, and the alerts. Everything else (messages, marketplace, back office, sign-in) always goes
 * to the network.
 */
const API_PATHS: readonly RegExp[] = [
  /^\/api\/roles\/my-role$/,
  /^\/api\/users\/profile$/,
  /^\/api\/abonnementUser\/user\/\d+\/status$/,
  /^\/api\/indice(?:\/\d+(?:\/indices)?)?$/,
  /^\/api\/parcelle(?:\/\d+(?:\/series|\/alert-rules|\/seasons|\/water)?)?$/,
  /^\/api\/request\/images?$/,
  /^\/api\/images\/latest-(?:acquisition|clear)$/,
  /^\/api\/alerts$/,
];

/**
 * The key a stored result file is kept under: its path (and download name), without the signature and expiry. A
 * file's URL is signed afresh on every answer (`exp` moves each second), while the file at a key never changes: keyed
 * by the full URL, a file already kept under an earlier signature was missed offline whenever the kept answer was a
 * later one (the page asked the answer again and went offline before its image was fetched).
 */
export function filesCacheKey(url: string): string {
  const parsed = new URL(url);
  const name = parsed.searchParams.get('name');
  return `${parsed.origin}${parsed.pathname}${name === null ? '' : `?name=${encodeURIComponent(name)}`}`;
}

/** Which runtime cache a same-origin GET path goes to, if any. */
export function cachedApiPath(pathname: string): 'api' | 'files' | null {
  if (pathname.startsWith('/api/files/')) return 'files';
  return API_PATHS.some((re) => re.test(pathname)) ? 'api' : null;
}
