import { whenSettled } from './settled.ts';

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

/**
 * Registers the service worker (src/sw/sw.ts, built as /sw.js) once the page has settled after its first screen
 * (lib/settled.ts), so its install (the precache, about 2 MB) never competes with that screen's files and data.
 * Production builds only (main.tsx): the dev server has no worker, and unit tests never load this.
 */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  window.addEventListener('vite:preloadError', (event) => reloadOnStaleBuild(event));
  void whenSettled().then(() =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No worker (private mode, an old browser): the app works as before, only not offline.
    }),
  );
}
