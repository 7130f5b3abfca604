import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_READS_WAIT_MS,
  keepFirstReads,
  reloadOnStaleBuild,
  STALE_RELOAD_GAP_MS,
  type ReadEntry,
  type ReadLog,
} from './pwa.ts';
import { trackRead } from './readsUnderway.ts';
import { OFFLINE_READY_EVENT, setToken } from './storage.ts';

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

const preloadError = () => new Event('vite:preloadError', { cancelable: true });

describe('a page on an old build after a deploy (vite:preloadError)', () => {
  it('reloads once, and not again within the gap, so a missing file never loops', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T08:00:00Z') });
    const reload = vi.fn();
    const first = preloadError();
    reloadOnStaleBuild(first, reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);

    vi.advanceTimersByTime(STALE_RELOAD_GAP_MS - 1000);
    const again = preloadError();
    reloadOnStaleBuild(again, reload);
    expect(reload).toHaveBeenCalledTimes(1);
    // Not prevented: Vite throws the error on to the page's own handling.
    expect(again.defaultPrevented).toBe(false);

    vi.advanceTimersByTime(2000);
    reloadOnStaleBuild(preloadError(), reload);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

/** A Resource Timing log the test fills: `finish` lists a request as the browser would once it ended. */
function fakeLog() {
  let deliver = () => {};
  let waiting: ReadEntry[] = [];
  let stopped = false;
  const log = (onEntries: () => void): ReadLog => {
    deliver = onEntries;
    return { take: () => waiting.splice(0), stop: () => (stopped = true) };
  };
  const finish = (path: string, startTime: number) => {
    waiting = [...waiting, { name: `${location.origin}${path}`, startTime }];
    if (!stopped) deliver();
  };
  return { log, finish };
}

/** A worker container that controls the page at once, and the CACHE_URLS messages its worker received. */
function fakeWorker() {
  const sent: { urls: string[]; port: MessagePort }[] = [];
  const worker = {
    postMessage: (message: { payload: { urlsToCache: [string, unknown][] } }, ports: MessagePort[]) =>
      sent.push({ urls: message.payload.urlsToCache.map(([url]) => url), port: ports[0]! }),
  } as unknown as ServiceWorker;
  const sw = { ready: Promise.resolve(), controller: worker, addEventListener: () => undefined };
  return { sw: sw as unknown as ServiceWorkerContainer, sent };
}

describe('the first visit handed over to the worker (keepFirstReads)', () => {
  afterEach(() => {
    localStorage.clear();
  });

  it('waits for a read still under way when the worker took control, and hands it over before saying ready', async () => {
    setToken('a-token');
    const { log, finish } = fakeLog();
    const { sw, sent } = fakeWorker();
    let clock = 100;
    const installed = vi.fn();
    const ready = vi.fn();
    window.addEventListener(OFFLINE_READY_EVENT, ready);
    // Sign-in's reads finished before the worker came.
    finish('/api/users/profile', 10);
    // The alert rules were asked before it took control and are still on the link.
    let answer: (value: string) => void = () => {};
    const rules = trackRead(new Promise<string>((resolve) => (answer = resolve)));
    keepFirstReads(sw, installed, log, () => clock);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Controlled at 100: nothing is handed over while the rules are under way.
    expect(sent).toEqual([]);
    clock = 200;
    // A read started after the worker took control went through it: not asked again.
    finish('/api/parcelle/1/series?index=NDVI', 150);
    answer('rules');
    await rules;
    finish('/api/parcelle/1/alert-rules', 90);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.urls).toEqual([
      `${location.origin}/api/users/profile`,
      `${location.origin}/api/parcelle/1/alert-rules`,
    ]);
    // Ready only once the worker says it kept them.
    expect(ready).not.toHaveBeenCalled();
    sent[0]!.port.postMessage('kept');
    await vi.waitFor(() => expect(ready).toHaveBeenCalledTimes(1));
    expect(installed).toHaveBeenCalledTimes(1);
    sent[0]!.port.close();
    window.removeEventListener(OFFLINE_READY_EVENT, ready);
  });

  it('does not wait past its limit for a read that hangs', async () => {
    vi.useFakeTimers();
    setToken('a-token');
    const { log, finish } = fakeLog();
    const { sw, sent } = fakeWorker();
    finish('/api/users/profile', 10);
    trackRead(new Promise(() => {}));
    keepFirstReads(
      sw,
      () => {},
      log,
      () => 100,
    );
    await vi.advanceTimersByTimeAsync(FIRST_READS_WAIT_MS - 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(2);
    expect(sent.map((s) => s.urls)).toEqual([[`${location.origin}/api/users/profile`]]);
    sent[0]!.port.close();
  });
});
