import { useSyncExternalStore } from 'react';
import { USER_CACHES } from '../sw/routes.ts';

/**
 * What the page knows about the connection and about kept answers (docs/ARCHITECTURE.md, "Offline and
 * installable"): whether the browser says it is online, and which answers on screen came from the service
 * worker's cache rather than the network (lib/api.ts notes them by path), with the date they were saved.
 */

type Listener = () => void;

function store<T>(initial: T) {
  let value = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => value,
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      for (const l of listeners) l();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);
const online = store(browserOnline());
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => online.set(true));
  window.addEventListener('offline', () => online.set(false));
}

/** True while the browser has a network connection (navigator.onLine and its events). */
export const isOnline = () => online.get();
export const subscribeOnline = online.subscribe;
export function useOnline(): boolean {
  return useSyncExternalStore(online.subscribe, online.get, () => true);
}

/** path → ISO date the kept answer was saved, for answers that came from the cache on this page. */
const savedCopies = store<ReadonlyMap<string, string>>(new Map());

/** lib/api.ts calls this with every answer: a saved-at date marks a kept copy, null a fresh network answer. */
export function noteAnswer(path: string, savedAt: string | null): void {
  const current = savedCopies.get();
  if (savedAt === null) {
    if (!current.has(path)) return;
    const next = new Map(current);
    next.delete(path);
    savedCopies.set(next);
    return;
  }
  if (current.get(path) === savedAt) return;
  savedCopies.set(new Map(current).set(path, savedAt));
}

/** The oldest saved date among kept answers on screen (paths starting with `prefix`), or null. */
export function oldestSavedAt(copies: ReadonlyMap<string, string>, prefix = ''): string | null {
  let oldest: string | null = null;
  for (const [path, at] of copies) {
    if (!path.startsWith(prefix)) continue;
    if (oldest === null || at < oldest) oldest = at;
  }
  return oldest;
}

/** The oldest saved date of kept answers shown now (optionally only those under a path prefix). */
export function useSavedAt(prefix = ''): string | null {
  const copies = useSyncExternalStore(savedCopies.subscribe, savedCopies.get, savedCopies.get);
  return oldestSavedAt(copies, prefix);
}

export function forgetSavedCopies(): void {
  savedCopies.set(new Map());
}

/**
 * Deletes every kept answer of the signed-in account (the service worker's runtime caches) and the marks on
 * screen. Called on sign-in, sign-out and an expired session: one account never reads another's saved data.
 */
export async function clearUserCaches(): Promise<void> {
  forgetSavedCopies();
  if (typeof caches === 'undefined') return;
  try {
    await Promise.all(USER_CACHES.map((name) => caches.delete(name)));
  } catch {
    // No Cache Storage (private mode): nothing was kept either.
  }
}

/** Algerian date and time for "saved on …": ar-DZ (Latin digits, Algerian month names) or fr-FR. */
export function formatSavedAt(iso: string, lang: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'ar-DZ', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(time)
    .replace(/\u200e/g, '');
}
