import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadOnStaleBuild, STALE_RELOAD_GAP_MS } from './pwa.ts';

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
