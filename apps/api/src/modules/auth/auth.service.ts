import { hashPassword, verifyPassword } from '@filaha/db';
import { ROLE_IDS, type LoginInput, type RegisterInput } from '@filaha/shared';
import type { LoginAnswer, Profile } from '@filaha/shared/contracts';
import type { Ctx } from '../../context.ts';
import { BadRequestError, UnauthenticatedError, ValidationError } from '../../core/errors.ts';
import { text } from '../../i18n/texts.ts';
import type { TokenService } from '../../lib/tokens.ts';
import type { RoleLookup } from '../roles/public.ts';
import { toProfile, type Accounts } from '../users/public.ts';

export function createAuthService(users: Accounts, roles: RoleLookup, tokens: TokenService) {
  // Compared against when the e-mail is unknown, so a wrong e-mail costs the same scrypt time as a wrong password.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashPassword('decoy password that matches nothing'));

  return {
    async register({ ctx, input }: { ctx: Ctx; input: RegisterInput }): Promise<{ message: string; user: Profile }> {
      const isSeller = input.role_id === ROLE_IDS.seller;
      if (isSeller && (input.sellerRole_id === undefined || !(await roles.findSellerRole(input.sellerRole_id)))) {
        throw ValidationError.field('sellerRole_id', 'validation.sellerRole');
      }
      const id = await users.create({
        email: input.email,
        userName: input.userName,
        passwordHash: await hashPassword(input.password),
        phoneNumber: input.phone_number,
        wilayaId: input.wilaya,
        roleId: input.role_id,
        // A seller role sent with another role is ignored rather than stored.
        sellerRoleId: isSeller ? input.sellerRole_id : undefined,
      });
      // The SPEC answers a used e-mail with 400; the unique index decides, so two racing sign-ups cannot both win.
      if (id === 'email_taken') throw new BadRequestError('EMAIL_TAKEN');
      const user = await users.findById(id);
      if (!user) throw new Error(`user ${id} vanished right after creation`);
      return { message: text('registered', ctx.lang), user: toProfile(user) };
    },

    async login({ input }: { input: LoginInput }): Promise<LoginAnswer> {
      const found = await users.findCredentials(input.email);
      const matches = await verifyPassword(input.password, found?.passwordHash ?? (await decoy()));
      if (!found || !matches) throw new UnauthenticatedError('INVALID_CREDENTIALS');
      return {
        token: await tokens.sign(found.id, found.tokenVersion, found.roleName),
        user: { userId: found.id, roleName: found.roleName, userName: found.userName, email: found.email },
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
