import { z } from 'zod';
import { route } from './contract.ts';

export const RoleItem = z.object({ id: z.number().int(), roleName: z.string() });
export const MyRole = z.object({ role: z.string(), roleId: z.number().int() });
/** roleName is the French name the earlier clients displayed; roleNameAr adds the Arabic one. */
export const SellerRoleItem = z.object({ id: z.number().int(), roleName: z.string(), roleNameAr: z.string() });
export type SellerRoleItem = z.infer<typeof SellerRoleItem>;
export const UserSellerRole = z.object({ sellerRole: SellerRoleItem });
export const SellerRoleUserParams = z.object({ userId: z.coerce.number().int().positive() });

/** Roles and seller sub-types (SPEC "Role", "SellerRole"). */
export const rolesContract = {
  /** The caller's role (the web's start-up check). */
  myRole: route({
    method: 'GET',
    path: '/roles/my-role',
    tags: ['roles'],
    auth: true,
    responses: { 200: MyRole },
    errors: [],
  }),
  list: route({
    method: 'GET',
    path: '/roles',
    tags: ['roles'],
    auth: true,
    responses: { 200: z.array(RoleItem) },
    errors: [],
  }),
  /** Public: the sign-up form lists them before the visitor has an account. */
  sellerRoles: route({
    method: 'GET',
    path: '/sellerRoles',
    tags: ['roles'],
    auth: false,
    responses: { 200: z.array(SellerRoleItem) },
    errors: [],
  }),
  /** A seller's sub-type: the user themself, Admin or Manager. */
  userSellerRole: route({
    method: 'GET',
    path: '/userSellerRole/:userId',
    tags: ['roles'],
    auth: true,
    params: SellerRoleUserParams,
    responses: { 200: UserSellerRole },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
};
