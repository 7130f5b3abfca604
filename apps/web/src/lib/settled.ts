import { useEffect, useState } from 'react';

/**
 * When the page has settled after its first screen: the `load` event, then every preloaded file arrived and no new
 * request finished for QUIET_MS (Resource Timing), or at most MAX_WAIT_MS after load; then the main thread idle (requestIdleCallback,
 * at most IDLE_WAIT_MS), since a slow phone may still be rendering the screen whose files have all arrived. What is not needed for the first screen (the
 * service worker's precache, the live-messages stream and its ticket) waits for it, so on a weak connection it
 * does not share the bandwidth and the round trips with the screen's own files and data (docs/PERFORMANCE.md,
 * "Web on a weak connection"). Where the page records no requests at all (unit tests), it resolves at once.
 */
const QUIET_MS = 1_000;
const POLL_MS = 250;
const MAX_WAIT_MS = 12_000;
const IDLE_WAIT_MS = 3_000;

let settled: Promise<void> | null = null;

function resourceCount(): number | null {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return null;
  return performance.getEntriesByType('resource').length;
}

/**
 * Whether a file the document preloads (the screen's code, styles and strings the inline script of index.html
 * started, or Vite's loader) is still arriving: Resource Timing lists a request only once it has finished, so on a
 * weak connection a second without a finished request can pass while the screen's code is still downloading.
 */
function preloadsArriving(): boolean {
  const arrived = new Set(performance.getEntriesByType('resource').map((e) => e.name));
  // rel="preload" and rel="modulepreload".
  return Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel$="preload"]')).some(
    (link) => !arrived.has(link.href),
  );
}

function whenIdle(then: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(then, { timeout: IDLE_WAIT_MS });
  else then();
}

let quiet: Promise<void> | null = null;

/**
 * The network part of whenSettled: the `load` event, then every preloaded file arrived and no new request finished
 * for QUIET_MS (at most MAX_WAIT_MS after load), without waiting for an idle main thread. For what competes with the
 * first screen for the link only, not for the main thread: the service worker's install (its own thread).
 */
export function whenNetworkQuiet(): Promise<void> {
  return (quiet ??= new Promise<void>((resolve) => {
    if (typeof window === 'undefined' || typeof document === 'undefined' || !resourceCount()) {
      resolve();
      return;
    }
    const watch = () => {
      const started = Date.now();
      let count = resourceCount() ?? 0;
      let changedAt = started;
      const timer = setInterval(() => {
        const now = Date.now();
        const next = resourceCount() ?? 0;
        if (next !== count) {
          count = next;
          changedAt = now;
        }
        if ((now - changedAt >= QUIET_MS && !preloadsArriving()) || now - started >= MAX_WAIT_MS) {
          clearInterval(timer);
          resolve();
        }
      }, POLL_MS);
    };
    if (document.readyState === 'complete') watch();
    else window.addEventListener('load', watch, { once: true });
  }));
}

let markUsable: () => void = () => undefined;
const usable = new Promise<void>((resolve) => (markUsable = resolve));

/**
 * Said by the farmer's landing screen once it is usable (the farm map: Generate enabled), before its last requests
 * (the curve, the alerts) have ended. Only the first call counts.
 */
export function firstScreenUsable(): void {
  markUsable();
}

/** Whichever comes first: the first screen said it is usable (firstScreenUsable), or the network is quiet. */
export function whenUsableOrQuiet(): Promise<void> {
  return Promise.race([usable, whenNetworkQuiet()]);
}

export function whenSettled(): Promise<void> {
  return (settled ??= whenNetworkQuiet().then(() =>
    // Where nothing was recorded (unit tests) there is nothing to wait for either.
    resourceCount() ? new Promise<void>((resolve) => whenIdle(resolve)) : undefined,
  ));
}

/** Whether the page has settled after its first screen (whenSettled), as React state. */
export function useSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let active = true;
    void whenSettled().then(() => active && setSettled(true));
    return () => {
      active = false;
    };
  }, []);
  return settled;
}
