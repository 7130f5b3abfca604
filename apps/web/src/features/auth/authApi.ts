import type { LoginInput, RegisterInput, ResetPasswordInput, RoleName } from '@filaha/shared';
import { api } from '../../lib/api.ts';
import { parseRole } from '../../lib/roles.ts';

/** POST /api/auth/login answer (SPEC §3): token, user.roleName, user.userId. */
export interface LoginAnswer {
  token?: string;
  user?: { roleName?: string; userId?: number | string };
}

export interface SellerRoleOption {
  id: number;
  roleName: string;
  /** Optional bilingual names, when the API provides them. */
  roleNameAr?: string;
  roleNameFr?: string;
}

export function login(input: LoginInput) {
  // No stale token on this call: a 401 here means wrong credentials, not an expired session.
  return api.post<LoginAnswer>('/auth/login', input, { token: null });
}

/** The seller's sub-type, stored as `sellerRole` (SPEC §4); null when the API has none. */
export async function fetchSellerRoleName(userId: number | string, token: string): Promise<string | null> {
  const result = await api.get<unknown>(`/userSellerRole/${encodeURIComponent(String(userId))}`, { token });
  if (!result.ok || result.status !== 200) return null;
  const data = result.data as { sellerRole?: { roleName?: unknown }; roleName?: unknown } | null;
  const name = data?.sellerRole?.roleName ?? data?.roleName;
  return typeof name === 'string' ? name : null;
}

export function register(input: RegisterInput & { profile_picture: string }) {
  return api.post<unknown>('/auth/register', input, { token: null });
}

export async function fetchSellerRoles(): Promise<SellerRoleOption[]> {
  const result = await api.get<unknown>('/sellerRoles', { token: null });
  if (!result.ok) throw new Error(result.error.code);
  const list = Array.isArray(result.data) ? result.data : [];
  return list.filter(
    (r): r is SellerRoleOption =>
      !!r &&
      typeof r === 'object' &&
      typeof (r as SellerRoleOption).id === 'number' &&
      typeof (r as SellerRoleOption).roleName === 'string',
  );
}

export function forgotPassword(email: string) {
  return api.post<unknown>('/auth/forgot-password', { email }, { token: null });
}

export function resetPassword(input: ResetPasswordInput) {
  return api.post<unknown>('/auth/reset-password', input, { token: null });
}

export function roleOfLogin(answer: LoginAnswer): RoleName | null {
  return parseRole(answer.user?.roleName);
}
