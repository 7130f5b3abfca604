import type { RoleName } from '@filaha/shared';
import { ContractMismatch, request } from '../lib/client.ts';
import { parseRole } from '../lib/roles.ts';
import { clearSession } from '../lib/storage.ts';

/**
 * Start-up check of a stored token (SPEC §4): GET /api/roles/my-role. A rejected or unreadable answer
 * drops the token without a message; a server that is down or slow keeps it for the next visit.
 * Loaded only when a token exists, so anonymous visitors never download the API client.
 */
export async function restoreSession(signal: AbortSignal): Promise<RoleName | null> {
  let role: RoleName | null;
  try {
    const result = await request('GET /roles/my-role', undefined, { signal, notifyUnauthenticated: false });
    role = result.ok ? parseRole(result.data.role) : null;
  } catch (error) {
    // In development and tests an answer its contract refuses throws: unreadable, it drops the token as in production.
    if (!(error instanceof ContractMismatch)) return null;
    role = null;
  }
  if (!role) clearSession();
  return role;
}
