import type { UpdateUserInput } from '@filaha/shared';
import type { AuthedCtx } from '../../context.ts';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../core/errors.ts';
import { text } from '../../i18n/texts.ts';
import type { RoleLookup } from '../roles/public.ts';
import { toListItem, toProfile, toPublicUser } from './users.presenter.ts';
import type { UsersRepository } from './users.repository.ts';
import type { Profile, PublicUser, UserListItem } from '@filaha/shared/contracts';
import { mayAccess, requireAccess } from '../../core/access.ts';

const isSelf = (ctx: AuthedCtx, id: number) => ctx.actor.id === id;

export function createUsersService(users: UsersRepository, roles: RoleLookup) {
  async function mustFind(id: number) {
    const user = await users.findById(id);
    if (!user) throw new NotFoundError();
    return user;
  }

  return {
    async profile({ ctx }: { ctx: AuthedCtx }): Promise<Profile> {
      return toProfile(await mustFind(ctx.actor.id));
    },

    ids({ ctx }: { ctx: AuthedCtx }): { user_id: number; role_id: number } {
      return { user_id: ctx.actor.id, role_id: ctx.actor.roleId };
    },

    /** Self, admin and manager see the profile; any other signed-in user sees only the public name. */
    async get({ ctx, id }: { ctx: AuthedCtx; id: number }): Promise<Profile | PublicUser> {
      const user = await mustFind(id);
      return mayAccess(ctx, 'user', 'read', id) ? toProfile(user) : toPublicUser(user);
    },

    async list({ ctx }: { ctx: AuthedCtx }): Promise<UserListItem[]> {
      requireAccess(ctx, 'userList', 'read');
      return (await users.list()).map(toListItem);
    },

    /** Self or admin; only an admin changes a role, and never their own (the last admin must not lock out). */
    async update({
      ctx,
      id,
      input,
    }: {
      ctx: AuthedCtx;
      id: number;
      input: UpdateUserInput;
    }): Promise<{ message: string; user: Profile }> {
      requireAccess(ctx, 'user', 'write', { ownerId: id });
      const current = await mustFind(id);
      const newRoleId = input.role_id;
      const roleChange = newRoleId !== undefined && newRoleId !== current.roleId;
      if (roleChange) {
        requireAccess(ctx, 'userRole', 'write');
        if (isSelf(ctx, id)) throw new ForbiddenError();
        if (!(await roles.findRole(newRoleId))) throw ValidationError.field('role_id', 'validation.role');
      }
      await users.update(id, {
        userName: input.userName,
        phoneNumber: input.phone_number,
        wilayaId: input.wilaya,
        roleId: roleChange ? newRoleId : undefined,
      });
      return { message: text('userUpdated', ctx.lang), user: toProfile(await mustFind(id)) };
    },

    async remove({ ctx, id }: { ctx: AuthedCtx; id: number }): Promise<{ message: string }> {
      requireAccess(ctx, 'user', 'delete');
      // An admin never deletes their own account (the last admin must not lock everyone out): a stable code.
      if (isSelf(ctx, id)) throw new AppError('SELF_DELETE');
      const outcome = await users.remove(id);
      if (outcome === 'not_found') throw new NotFoundError();
      if (outcome === 'in_use') throw new ConflictError('IN_USE');
      return { message: text('userDeleted', ctx.lang) };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
