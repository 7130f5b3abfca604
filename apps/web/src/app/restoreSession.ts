import type { RoleName } from '@filaha/shared';
import { ApiFailure } from '../lib/api.ts';
import { ContractMismatch, request } from '../lib/client.ts';
import { profileQuery, queryClient } from '../lib/queries.ts';
import { parseRole } from '../lib/roles.ts';
import { clearSession } from '../lib/storage.ts';

/**
 * Start-up check of a stored token (SPEC §4: the role is fetched). A rejected or unreadable answer drops the token
 * without a message; a server that is down or slow keeps it for the next visit. Loaded only when a token exists, so
 * anonymous visitors never download the API client.
 */
export async function restoreSession(signal: AbortSignal): Promise<RoleName | null> {
  let role: RoleName | null;
  try {
    role = await askRole(signal);
  } catch (error) {
    // In development and tests an answer its contract refuses throws: unreadable, it drops the token as in production.
    if (!(error instanceof ContractMismatch)) return null;
    role = null;
  }
  if (!role) clearSession();
  return role;
}

/**
 * The role from GET /api/users/profile, whose answer carries it (`roleName`) and is what the signed-in frame shows
 * first (the sidebar's name): kept as the profile query's data, so one read serves both. On a weak connection each
 * read is a round trip, and a browser sends at most six at once to a server (docs/PERFORMANCE.md, issue 13 §4).
 * A profile that cannot be read for another reason than a rejected token (a server error, a missing row) falls back
 * to GET /api/roles/my-role, the role alone, so a fault of the profile never signs anyone out.
 */
async function askRole(signal: AbortSignal): Promise<RoleName | null> {
  const options = { signal, notifyUnauthenticated: false };
  const profile = await request('GET /users/profile', undefined, options).catch((error: unknown) => {
    if (error instanceof ApiFailure && error.kind === 'server') return null;
    throw error;
  });
  if (profile?.ok) {
    const role = parseRole(profile.data.roleName);
    if (role) queryClient.setQueryData(profileQuery.queryKey, profile.data);
    return role;
  }
  if (profile?.status === 401) return null;
  const answer = await request('GET /roles/my-role', undefined, options);
  return answer.ok ? parseRole(answer.data.role) : null;
}
