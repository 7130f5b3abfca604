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

type IndexAnswer = RouteData<'GET /indice'>[number];

/** An index of GET /api/indice (its contract's shape), named after its code, without legend or advice. */
export function indexRow(id: number, code: string): IndexAnswer {
  return {
    id,
    indiceName: `Indice ${code}`,
    code,
    description: '{}',
    recomndation: [],
    legende: [],
    createdAt: '2025-03-01T08:00:00.000Z',
    updatedAt: '2025-03-01T08:00:00.000Z',
  };
}

/** The farmer the admin parcel tests pick: a row of GET /api/users. */
export const FARMER_ROW: RouteData<'GET /users'>[number] = {
  id: 42,
  userName: 'Karim',
  email: 'karim@example.dz',
  phoneNumber: null,
  wilaya: null,
  roleName: 'User',
  role_id: 2,
  created_at: '2025-01-01T00:00:00.000Z',
};
