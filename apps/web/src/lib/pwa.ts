import { whenSettled } from './settled.ts';

/**
 * Registers the service worker (src/sw/sw.ts, built as /sw.js) once the page has settled after its first screen
 * (lib/settled.ts), so its install (the precache, about 2 MB) never competes with that screen's files and data.
 * Production builds only (main.tsx): the dev server has no worker, and unit tests never load this.
 */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void whenSettled().then(() =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No worker (private mode, an old browser): the app works as before, only not offline.
    }),
  );
}
