import { ROLE_IDS, type RoleName } from '@filaha/shared';
import type { RouteData } from '@filaha/shared/contracts';

type ProfileAnswer = RouteData<'GET /users/profile'>;
type MyRoleAnswer = RouteData<'GET /roles/my-role'>;
type UserSellerRoleAnswer = RouteData<'GET /userSellerRole/:userId'>;

const roleIdOf = (roleName: string): number => ROLE_IDS[roleName.toLowerCase() as keyof typeof ROLE_IDS] ?? 0;

/**
 * A complete GET /api/users/profile answer (its contract's shape): what a test does not set is empty (''/null),
 * so a screen reads it as it read an absent field; `id` defaults to 5, `user_id` to `id`, `role_id` to the role's.
 */
export function profileAnswer(overrides: Partial<ProfileAnswer> = {}): ProfileAnswer {
  const id = overrides.id ?? 5;
  const roleName = overrides.roleName ?? 'User';
  return {
    id,
    user_id: id,
    userName: '',
    email: '',
    phoneNumber: null,
    wilaya: null,
    wilayaName: null,
    roleName,
    role_id: roleIdOf(roleName),
    profilePicture: null,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A complete GET /api/roles/my-role answer for a role. */
export function myRoleAnswer(role: RoleName): MyRoleAnswer {
  return { role, roleId: roleIdOf(role) };
}

/** A complete GET /api/userSellerRole/:userId answer: a seller's sub-type, French and Arabic names. */
export function userSellerRoleAnswer(
  sellerRole: Partial<UserSellerRoleAnswer['sellerRole']> & { roleName: string },
): UserSellerRoleAnswer {
  return { sellerRole: { id: 1, roleNameAr: '', ...sellerRole } };
}
