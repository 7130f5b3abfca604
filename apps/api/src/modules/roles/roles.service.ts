import type { AuthedCtx } from '../../context.ts';
import { ForbiddenError, NotFoundError } from '../../core/errors.ts';
import type { RolesRepository, SellerRoleRecord } from './roles.repository.ts';
import type { SellerRoleItem } from '@filaha/shared/contracts';

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
      const allowed = ctx.actor.id === userId || ctx.actor.role === 'Admin' || ctx.actor.role === 'Manager';
      if (!allowed) throw new ForbiddenError();
      const sellerRole = await roles.findSellerRoleOfUser(userId);
      if (!sellerRole) throw new NotFoundError();
      return { sellerRole: toSellerRole(sellerRole) };
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
