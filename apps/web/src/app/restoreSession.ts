import type { RoleName } from '@filaha/shared';
import { ApiFailure } from '../lib/api.ts';
import { ContractMismatch, request } from '../lib/client.ts';
import { profileQuery, queryClient } from '../lib/queries.ts';
import { parseRole } from '../lib/roles.ts';
import { clearSession, getToken } from '../lib/storage.ts';
import { tokenClaims } from '../lib/tokenClaims.ts';
import type { Session } from './sessionState.ts';

/**
 * Start-up check of a stored token (SPEC §4: the role is fetched). Only the server's refusal (401) or an unreadable
 * answer drops the token, without a message. When the server cannot be asked (no network, no answer in time, a
 * server failure), the session opens from the token itself (issue 27 §1: offline never signs a farmer out): the role
 * it carries and its expiry checked on the phone's clock; the server still decides every request once it answers,
 * and the session provider asks again when the network returns. A token expired by that clock is dropped. Loaded only
 * when a token exists, so anonymous visitors never download the API client.
 */
export async function restoreSession(signal: AbortSignal): Promise<Session> {
  let role: RoleName | null;
  try {
    role = await askRole(signal);
  } catch (error) {
    if (signal.aborted) throw error;
    if (error instanceof ApiFailure) return sessionFromToken();
    // In development and tests an answer its contract refuses throws: unreadable, it drops the token as in production.
    if (!(error instanceof ContractMismatch)) throw error;
    role = null;
  }
  if (!role) {
    clearSession();
    return { status: 'anonymous' };
  }
  return { status: 'authenticated', role };
}

/**
 * The session the stored token opens without the server: its role (claim `role`, apps/api/src/lib/tokens.ts) while
 * it has not expired. Expired: dropped (the server would refuse it). A token without a role (issued before the claim
 * existed) keeps the visitor anonymous but is kept for when the server answers.
 */
function sessionFromToken(): Session {
  const claims = tokenClaims(getToken());
  if (claims?.expiresAt != null && claims.expiresAt <= Date.now()) {
    clearSession();
    return { status: 'anonymous' };
  }
  return claims?.role ? { status: 'authenticated', role: claims.role, unverified: true } : { status: 'anonymous' };
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
