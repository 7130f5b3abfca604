import type { LoginInput, RegisterInput, ResetPasswordInput, RoleName } from '@filaha/shared';
import type { RouteData } from '@filaha/shared/contracts';
import { request } from '../../lib/client.ts';
import { parseRole } from '../../lib/roles.ts';

/** POST /api/auth/login answer (SPEC §3): token, user.roleName, user.userId. */
export type LoginAnswer = RouteData<'POST /auth/login'>;

/** GET /api/sellerRoles: one seller sub-type, its French (roleName) and Arabic names. */
export type SellerRoleOption = RouteData<'GET /sellerRoles'>[number];

export function login(input: LoginInput) {
  // No stale token on this call: a 401 here means wrong credentials, not an expired session.
  return request('POST /auth/login', { body: input }, { token: null });
}

/** The seller's sub-type, stored as `sellerRole` (SPEC §4); null when the API has none. */
export async function fetchSellerRoleName(userId: number | string, token: string): Promise<string | null> {
  const result = await request('GET /userSellerRole/:userId', { params: { userId } }, { token });
  if (!result.ok || result.status !== 200) return null;
  return result.data.sellerRole.roleName;
}

export function register(input: RegisterInput & { profile_picture: string }) {
  return request('POST /auth/register', { body: input }, { token: null });
}

export async function fetchSellerRoles(): Promise<SellerRoleOption[]> {
  const result = await request('GET /sellerRoles', {}, { token: null });
  if (!result.ok) throw new Error(result.error.code);
  return result.data;
}

export function forgotPassword(email: string) {
  return request('POST /auth/forgot-password', { body: { email } }, { token: null });
}

export function resetPassword(input: ResetPasswordInput) {
  return request('POST /auth/reset-password', { body: input }, { token: null });
}

export function roleOfLogin(answer: LoginAnswer): RoleName | null {
  return parseRole(answer.user.roleName);
}
