import { z } from 'zod';

export const RoleItem = z.object({ id: z.number().int(), roleName: z.string() });
export const MyRole = z.object({ role: z.string(), roleId: z.number().int() });
/** roleName is the French name the earlier clients displayed; roleNameAr adds the Arabic one. */
export const SellerRoleItem = z.object({ id: z.number().int(), roleName: z.string(), roleNameAr: z.string() });
export type SellerRoleItem = z.infer<typeof SellerRoleItem>;
export const UserSellerRole = z.object({ sellerRole: SellerRoleItem });
export const UserIdParam = z.object({ userId: z.coerce.number().int().positive() });
