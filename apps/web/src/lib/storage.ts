/** localStorage keys fixed by SPEC §4 (the earlier product's clients share them). */
export const TOKEN_KEY = 'Token';
export const SELLER_ROLE_KEY = 'sellerRole';
/** Fired on window when a request that carried a token is answered 401: the session listens and ends. */
export const UNAUTHENTICATED_EVENT = 'filaha:unauthenticated';
/**
 * Fired on window when the app has just become ready to use offline (lib/pwa.ts), once per device; the page keeps
 * `window.filahaOfflineReady` true after it, for a note mounted later (components/offline/OfflineBanner.tsx).
 */
export const OFFLINE_READY_EVENT = 'filaha:offline-ready';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode quotas); the session then lives for this page only.
  }
}

export const getToken = () => read(TOKEN_KEY);
export const setToken = (token: string) => write(TOKEN_KEY, token);
export const getSellerRole = () => read(SELLER_ROLE_KEY);
export const setSellerRole = (role: string) => write(SELLER_ROLE_KEY, role);

export function clearSession(): void {
  write(TOKEN_KEY, null);
  write(SELLER_ROLE_KEY, null);
}
