import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('whenSettled', () => {
  let entries: PerformanceEntry[];
  let idle: (() => void)[];

  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    entries = [{ name: '/assets/index.js' } as PerformanceEntry];
    idle = [];
    vi.spyOn(performance, 'getEntriesByType').mockImplementation(() => entries);
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
      idle.push(callback);
      return idle.length;
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const watch = async () => {
    const { whenSettled } = await import('./settled.ts');
    let done = false;
    void whenSettled().then(() => {
      done = true;
    });
    return () => done;
  };

  it('waits for a quiet network, then for an idle main thread', async () => {
    const done = await watch();
    await vi.advanceTimersByTimeAsync(750);
    // A request finishes: the quiet second starts again.
    entries = [...entries, { name: '/api/parcelle' } as PerformanceEntry];
    await vi.advanceTimersByTimeAsync(750);
    expect(idle).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500);
    // Quiet, but the thread is still busy: not settled until the browser reports idle time.
    expect(idle).toHaveLength(1);
    expect(done()).toBe(false);
    idle[0]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
  });

  it('waits for the files the document preloads, which Resource Timing lists only once they have arrived', async () => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = `${location.origin}/assets/farm-page.js`;
    document.head.append(link);
    try {
      const done = await watch();
      // Seconds without a finished request, while the screen's code is still downloading: not settled.
      await vi.advanceTimersByTimeAsync(3000);
      expect(idle).toHaveLength(0);
      entries = [...entries, { name: link.href } as PerformanceEntry];
      await vi.advanceTimersByTimeAsync(1250);
      expect(idle).toHaveLength(1);
      idle[0]!();
      await vi.advanceTimersByTimeAsync(0);
      expect(done()).toBe(true);
    } finally {
      link.remove();
    }
  });

  it('the network alone is quiet before the main thread is idle: what only needs the link may start then', async () => {
    const { whenNetworkQuiet, whenSettled } = await import('./settled.ts');
    let networkQuiet = false;
    let settled = false;
    void whenNetworkQuiet().then(() => (networkQuiet = true));
    void whenSettled().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(750);
    entries = [...entries, { name: '/api/parcelle' } as PerformanceEntry];
    await vi.advanceTimersByTimeAsync(750);
    expect(networkQuiet).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(networkQuiet).toBe(true);
    expect(settled).toBe(false);
    idle[0]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
  });

  it('settles at once where the page records no requests', async () => {
    entries = [];
    const done = await watch();
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
    expect(idle).toHaveLength(0);
  });
});
