import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** What `window.matchMedia` answers for `query`: a list that never changes, matching or not. */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList;
}

/**
 * recharts measures its box with ResizeObserver, which jsdom lacks. Without `size` the stub never reports a box;
 * with it, every observed element reports that size at once (e.g. a phone-sized chart). The test setup unstubs it.
 */
export function stubResizeObserver(size?: { width: number; height: number }) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe() {
        if (size) this.callback([{ contentRect: size } as ResizeObserverEntry], this as never);
      }
      unobserve() {}
      disconnect() {}
    },
  );
}

/** Turns the connection on or off as the browser reports it: `navigator.onLine` and its `online`/`offline` event. */
export function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}
