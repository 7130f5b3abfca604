import type { RoleName } from '@filaha/shared';
import { AREA_ROLES, homeOf, type AreaName } from '../lib/roles.ts';

/** The query parameter of the sign-in page that carries where to return after signing in. */
export const NEXT_PARAM = 'next';

const ORIGIN = 'https://filaha.invalid';

/**
 * A same-origin relative path (with its query and hash) or null. Refused: absolute URLs (https://…, javascript:…),
 * protocol-relative ones (//host), backslashes (browsers read /\host as //host), control characters, the auth
 * pages themselves (a loop), and anything that does not resolve back onto this origin.
 */
export function safeRelativePath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  if (raw.includes('\\') || [...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (/^\/auth(\/|$)/i.test(url.pathname)) return null;
  return path;
}

/** Which signed-in area a path belongs to ('/user/…' → user), or null for a public page. */
function areaOf(pathname: string): AreaName | null {
  const first = pathname.split('/')[1]?.toLowerCase() ?? '';
  return first in AREA_ROLES ? (first as AreaName) : null;
}

/**
 * Where to go after signing in: the deep link the visitor opened while signed out when it is a safe relative
 * path their role may open, else their home (a farmer's farm map, a seller's publications: ROLE_HOME).
 */
export function afterSignIn(role: RoleName, next: string | null | undefined): string {
  const path = safeRelativePath(next);
  if (!path) return homeOf(role);
  const area = areaOf(new URL(path, ORIGIN).pathname);
  if (area && !(AREA_ROLES[area] as readonly RoleName[]).includes(role)) return homeOf(role);
  return path;
}

/** The sign-in page's address carrying a deep link to return to. */
export function signInWithNext(signInPath: string, next: string): string {
  const path = safeRelativePath(next);
  return path ? `${signInPath}?${NEXT_PARAM}=${encodeURIComponent(path)}` : signInPath;
}
