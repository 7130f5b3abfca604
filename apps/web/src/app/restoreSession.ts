import type { RoleName } from '@filaha/shared';
import { api } from '../lib/api.ts';
import { parseRole } from '../lib/roles.ts';
import { clearSession } from '../lib/storage.ts';

/**
 * Start-up check of a stored token (SPEC §4): GET /api/roles/my-role. A rejected or unreadable answer
 * drops the token without a message; a server that is down or slow keeps it for the next visit.
 * Loaded only when a token exists, so anonymous visitors never download the API client.
 */
export async function restoreSession(signal: AbortSignal): Promise<RoleName | null> {
  try {
    const result = await api.get<unknown>('/roles/my-role', { signal, notifyUnauthenticated: false });
    const role = result.ok ? parseRole(result.data) : null;
    if (!role) clearSession();
    return role;
  } catch {
    return null;
  }
}
