/**
 * Registers the service worker (src/sw/sw.ts, built as /sw.js) once the page has loaded, so its install
 * (the precache) never competes with the first paint. Production builds only (main.tsx): the dev server has no
 * worker, and unit tests never load this.
 */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No worker (private mode, an old browser): the app works as before, only not offline.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
