import type { AuthedCtx } from '../../context.ts';
import { NotFoundError } from '../../core/errors.ts';
import type { RolesRepository, SellerRoleRecord } from './roles.repository.ts';
import type { SellerRoleItem } from '@filaha/shared/contracts';
import { requireAccess } from '../../core/access.ts';

const toSellerRole = (r: SellerRoleRecord): SellerRoleItem => ({ id: r.id, roleName: r.nameFr, roleNameAr: r.nameAr });

export function createRolesService(roles: RolesRepository) {
  return {
    myRole({ ctx }: { ctx: AuthedCtx }) {
      return { role: ctx.actor.role, roleId: ctx.actor.roleId };
    },

    async list() {
      return (await roles.listRoles()).map((r) => ({ id: r.id, roleName: r.name }));
    },

    /** Public: the sign-up form lists them before the visitor has an account. */
    async sellerRoles(): Promise<SellerRoleItem[]> {
      return (await roles.listSellerRoles()).map(toSellerRole);
    },

    async userSellerRole({ ctx, userId }: { ctx: AuthedCtx; userId: number }) {
      requireAccess(ctx, 'sellerRole', 'read', { ownerId: userId });
      const sellerRole = await roles.findSellerRoleOfUser(userId);
      if (!sellerRole) throw new NotFoundError();
      return { sellerRole: toSellerRole(sellerRole) };
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
