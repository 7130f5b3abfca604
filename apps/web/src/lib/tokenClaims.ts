import { ROLE_NAMES, type RoleName } from '@filaha/shared';

/** What the app reads of a stored JWT (apps/api/src/lib/tokens.ts): only to decide without a network. */
export interface TokenClaims {
  /** The user id (`sub`), or null when absent or not a positive integer. */
  userId: number | null;
  /** When it expires (`exp`, ms since the epoch), or null when it says none. */
  expiresAt: number | null;
  /** The role at sign-in (`role`), or null for a token issued before it was carried. */
  role: RoleName | null;
}

/**
 * The claims of a stored token, unverified (the page has no key): null for a token that is not a readable JWT.
 * The server checks the token and re-reads the role on every request; the app uses these only to open a session
 * without a network and to name the user's paths before the profile has answered.
 */
export function tokenClaims(token: string | null): TokenClaims | null {
  try {
    const payload = token?.split('.')[1];
    if (!payload) return null;
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    if (!claims || typeof claims !== 'object') return null;
    const { sub, exp, role } = claims as { sub?: unknown; exp?: unknown; role?: unknown };
    const id = typeof sub === 'string' && /^\d+$/.test(sub) ? Number(sub) : sub;
    return {
      userId: typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null,
      expiresAt: typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null,
      role: ROLE_NAMES.find((r) => r === role) ?? null,
    };
  } catch {
    return null;
  }
}
