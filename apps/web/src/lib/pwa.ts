import { readsUnderway } from './readsUnderway.ts';
import { whenUsableOrQuiet } from './settled.ts';
import { getToken, OFFLINE_READY_EVENT } from './storage.ts';

/** How often a page may reload itself onto a new build (lib/pwa.ts `reloadOnStaleBuild`). */
export const STALE_RELOAD_GAP_MS = 60_000;
const RELOADED_AT = 'reloadedAt';

/**
 * A file of the running build failed to load (Vite's `vite:preloadError`). The worker serves the app's shell from
 * its precache (sw.ts), so after a deploy a page may still run the old build while the new worker has dropped the
 * old files: the page reloads onto the new build, once a minute at most (a file missing for another reason, or
 * no connection, must not loop), and the failure is left to the page's own error handling otherwise.
 */
export function reloadOnStaleBuild(event: Event, reload: () => void = () => location.reload()): void {
  try {
    if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT)) < STALE_RELOAD_GAP_MS) return;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    // No session storage: no way to tell a loop, so no reload.
    return;
  }
  event.preventDefault();
  reload();
}

/** sessionStorage: the API reads of the first visit made before the worker controlled its pages (absolute URLs). */
const FIRST_READS = 'filaha:first-reads';
/** localStorage: "ready to use offline" was said on this device. */
const READY_SAID = 'filaha:offline-ready';

/** Longest the first install holds back what waits for it (the Arabic webfont): past it, the font comes anyway. */
export const FIRST_INSTALL_WAIT_MS = 60_000;

let firstInstall: Promise<void> = Promise.resolve();

/**
 * Resolves when this page's first install of the worker is done (the visit's reads handed over: "ready to use
 * offline"), or it failed, or FIRST_INSTALL_WAIT_MS passed; at once on a page a worker already controls (or without
 * a worker). On the field link the Arabic webfont (two files, 90 KB) shared the link with the install and put
 * "ready to use offline" about 1.8 s later on Arabic pages than on French ones: it now waits for this (main.tsx).
 */
export const firstInstallDone = (): Promise<void> => firstInstall;

/**
 * Asks the controlling worker to precache what is not the farmer's core (src/sw/sw.ts; the message's name is
 * sw/routes.ts' PRECACHE_LATER, not imported: that module would join the first paint's bundle), when the main
 * thread is idle. Files already kept are not asked again.
 */
function precacheLater(): void {
  const ask = () => navigator.serviceWorker.controller?.postMessage({ type: 'PRECACHE_LATER' });
  if (typeof requestIdleCallback === 'function') requestIdleCallback(ask, { timeout: 5_000 });
  else setTimeout(ask, 1_000);
}

/** Longest the hand-over waits for the reads under way when the worker took control (lib/readsUnderway.ts). */
export const FIRST_READS_WAIT_MS = 30_000;

/** A finished request as Resource Timing gives it: its absolute URL and when it started (performance.now()). */
export interface ReadEntry {
  name: string;
  startTime: number;
}

/** The page's finished requests, as they are noted (a PerformanceObserver of Resource Timing). */
export interface ReadLog {
  /** The requests finished since the last call (or the start), those the browser has not delivered yet included. */
  take(): ReadEntry[];
  stop(): void;
}

function resourceLog(onEntries: () => void): ReadLog {
  if (typeof PerformanceObserver !== 'function') return { take: () => [], stop: () => undefined };
  const waiting: ReadEntry[] = [];
  const observer = new PerformanceObserver((list) => {
    waiting.push(...list.getEntries());
    onEntries();
  });
  observer.observe({ type: 'resource', buffered: true });
  return {
    take: () => [...waiting.splice(0), ...observer.takeRecords()],
    stop: () => observer.disconnect(),
  };
}

/**
 * Issue 27 §1: on a weak link the worker takes control of the first visit's page about a minute after it painted,
 * so the answers of that visit (session, parcels, result, curve…) went past it and were not kept. Until it controls
 * the page, every same-origin /api request the page makes (Resource Timing, kept in sessionStorage across the
 * visit's pages) is noted; then they are handed to the worker with Workbox's `CACHE_URLS` message (workbox-routing
 * asks each through the route that would have handled it, so only the paths the worker keeps are asked, as GET,
 * with this account's token) and the app says once that it is ready offline.
 * A read still under way when the worker took control (the parcel page's alert rules, on the field link) went to the
 * network past the worker too, and Resource Timing lists it only once it ended: the hand-over waits for the reads
 * under way (lib/readsUnderway.ts, at most FIRST_READS_WAIT_MS), and hands over every request that started before
 * it, so "ready offline" is said only once they are kept.
 */
export function keepFirstReads(
  sw: Pick<ServiceWorkerContainer, 'ready' | 'controller' | 'addEventListener'>,
  installed: () => void,
  log: (onEntries: () => void) => ReadLog = resourceLog,
  now: () => number = () => performance.now(),
): void {
  let urls: string[] = [];
  try {
    urls = JSON.parse(sessionStorage.getItem(FIRST_READS) ?? '[]') as string[];
  } catch {
    // No session storage: this page's reads only.
  }
  /** When the worker took control of this page: requests started later went through it. */
  let controlledAt = Infinity;
  const note = () => {
    for (const { name, startTime } of reads.take())
      if (startTime < controlledAt && name.startsWith(`${location.origin}/api/`) && !urls.includes(name))
        urls.push(name);
    if (controlledAt !== Infinity) return;
    try {
      sessionStorage.setItem(FIRST_READS, JSON.stringify(urls));
    } catch {
      // As above.
    }
  };
  const reads = log(note);
  const handOver = async (worker: ServiceWorker) => {
    controlledAt = now();
    try {
      sessionStorage.removeItem(FIRST_READS);
    } catch {
      // As above.
    }
    await readsUnderway(FIRST_READS_WAIT_MS);
    // The entry of a read that just ended is delivered in a later task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    note();
    reads.stop();
    const token = getToken();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': document.documentElement.lang,
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      installed();
      precacheLater();
      if (localStorage.getItem(READY_SAID)) return;
      localStorage.setItem(READY_SAID, new Date().toISOString());
      (window as { filahaOfflineReady?: boolean }).filahaOfflineReady = true;
      window.dispatchEvent(new Event(OFFLINE_READY_EVENT));
    };
    // Without a token the kept answers would be another account's or none: only the signed-in ones are asked.
    const urlsToCache = token ? urls.map((url) => [url, { headers }]) : [];
    worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } }, [channel.port2]);
  };
  const whenControlled = () =>
    sw.controller
      ? void handOver(sw.controller)
      : sw.addEventListener('controllerchange', whenControlled, { once: true });
  void sw.ready.then(whenControlled);
}

/**
 * Registers the service worker (src/sw/sw.ts, built as /sw.js) once the first screen is usable (the farm map says
 * so, lib/settled.ts firstScreenUsable) or, on any other screen, once the network is quiet after it (whenNetworkQuiet):
 * its install (the precache of the farmer's core, build/precache-core.ts) never competes with the files and data that
 * make the screen usable. It does not wait for an idle main thread (whenSettled): the worker installs on its own
 * thread. On the field link the farm map is usable about 4.5 s before its network is quiet (its curve and alerts
 * still arrive): docs/PERFORMANCE.md, "Offline from the first visit".
 * A page it does not control yet keeps its API reads for it (keepFirstReads).
 * Production builds only (main.tsx): the dev server has no worker, and unit tests never load this.
 */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  window.addEventListener('vite:preloadError', (event) => reloadOnStaleBuild(event));
  const controlled = navigator.serviceWorker.controller !== null;
  let installed = () => {};
  if (!controlled) {
    firstInstall = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, FIRST_INSTALL_WAIT_MS);
      installed = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    keepFirstReads(navigator.serviceWorker, () => installed());
  }
  void whenUsableOrQuiet().then(() => {
    if (controlled) precacheLater();
    return navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No worker (private mode, an old browser): the app works as before, only not offline.
      installed();
    });
  });
}
