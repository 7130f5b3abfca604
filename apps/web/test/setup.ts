import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n, i18nReady } from '../src/i18n/index.ts';

// Lazy routes and locale chunks load through dynamic imports: on a loaded 2-core CI machine they can take
// longer than testing-library's 1 s default, which would make the suite flaky without testing anything more.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout or scrolling; the app only needs these to exist.
window.scrollTo = () => {};
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

beforeEach(async () => {
  localStorage.clear();
  await i18nReady;
  await i18n.changeLanguage('ar');
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
