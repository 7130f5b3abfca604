import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n, i18nReady } from '../src/i18n/index.ts';
import { contractMismatches } from '../src/lib/client.ts';
import { queryClient } from '../src/lib/queries.ts';
import { mediaQueryList } from './dom.ts';

// Lazy routes and locale chunks load through dynamic imports: on a loaded 2-core CI machine they can take
// longer than testing-library's 1 s default, which would make the suite flaky without testing anything more.
// 15 s: a page's first lazy import is transformed on first use, which took over 5 s in a loaded CI run.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no layout or scrolling; the app only needs these to exist.
window.scrollTo = () => {};
window.matchMedia ??= (query: string) => mediaQueryList(query, false);

// The client checks every answer against its route contract, loaded on first use: loaded here once, so that
// first check does not delay the first answer of a test (the order in which answers land stays as in production).
beforeAll(async () => {
  await import('@filaha/shared/contracts');
});

beforeEach(async () => {
  queryClient.clear();
  localStorage.clear();
  await i18nReady;
  await i18n.changeLanguage('ar');
  localStorage.clear();
});

// Unmount before emptying the query cache. Test files' own afterEach hooks run first (vitest runs "after" hooks
// as a stack), so a file that clears the cache while its screen is still mounted makes the mounted queries ask
// again through that test's stubs; that answer (e.g. the previous test's profile) could land in the next test's
// cache. Clearing again once the screen is gone drops those strays: it failed that way in CI under load.
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // A stubbed answer the route's contract does not allow fails the test, even where the screen swallowed it.
  const met = contractMismatches.splice(0);
  if (met.length > 0) throw new Error(met.map((m) => m.message).join('\n'));
});
