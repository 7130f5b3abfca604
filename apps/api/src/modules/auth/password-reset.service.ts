import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { hashPassword } from '@filaha/db';
import { LIMITS, type ForgotPasswordInput, type ResetPasswordInput } from '@filaha/shared';
import type { Ctx } from '../../context.ts';
import { BadRequestError } from '../../core/errors.ts';
import { text } from '../../i18n/texts.ts';
import type { Defer } from '../../lib/background.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Accounts } from '../users/public.ts';
import type { ResetCodesRepository } from './reset-codes.repository.ts';
import { resetCodeMail } from './reset-mail.ts';

const MAX_ATTEMPTS = LIMITS.resetCodeMaxAttempts;
const TTL_MS = LIMITS.resetCodeTtlMinutes * 60_000;

export interface PasswordResetDeps {
  users: Pick<Accounts, 'findCredentials'>;
  codes: ResetCodesRepository;
  mailer: Mailer;
  /** Keys the code hashes: a stolen table alone does not reveal 5-digit codes by brute force. */
  secret: string;
  /**
   * Runs the forgot-password work (look-up, code, mail) after the answer is sent, for a known and an unknown
   * e-mail alike, so the answer's timing says nothing about the account.
   */
  defer: Defer;
  now?: () => number;
}

export function createPasswordResetService({ users, codes, mailer, secret, defer, now = Date.now }: PasswordResetDeps) {
  const hashCode = (userId: number, code: string) => createHmac('sha256', secret).update(`${userId}:${code}`).digest();

  return {
    /**
     * Same answer, at the same moment, whether or not the account exists: the answer is sent before anything is
     * looked up; the look-up, the code and the e-mail happen afterwards (errors are logged).
     */
    async forgot({ ctx, input }: { ctx: Ctx; input: ForgotPasswordInput }): Promise<{ message: string }> {
      const email = input.email;
      defer('password-reset code', async () => {
        const user = await users.findCredentials(email);
        if (!user) return;
        const code = String(randomInt(0, 10 ** LIMITS.resetCodeLength)).padStart(LIMITS.resetCodeLength, '0');
        await codes.replace(user.id, hashCode(user.id, code).toString('hex'), new Date(now() + TTL_MS));
        mailer.deliver(resetCodeMail(user.email, user.userName, code));
      });
      return { message: text('resetCodeSent', ctx.lang) };
    },

    async reset({ ctx, input }: { ctx: Ctx; input: ResetPasswordInput }): Promise<{ message: string }> {
      const user = await users.findCredentials(input.email);
      const active = user && (await codes.findActive(user.id));
      if (!user || !active) throw new BadRequestError('RESET_CODE_INVALID');
      if (active.attempts >= MAX_ATTEMPTS) throw new BadRequestError('RESET_CODE_LOCKED');
      if (active.expiresAt.getTime() <= now()) throw new BadRequestError('RESET_CODE_EXPIRED');

      const attempt = await codes.takeAttempt(active.id, MAX_ATTEMPTS);
      if (attempt === undefined) throw new BadRequestError('RESET_CODE_LOCKED');
      const matches = timingSafeEqual(Buffer.from(active.codeHash, 'hex'), hashCode(user.id, input.code));
      // The fifth wrong try locks the code at once, so the answer says so instead of inviting a sixth.
      if (!matches) throw new BadRequestError(attempt >= MAX_ATTEMPTS ? 'RESET_CODE_LOCKED' : 'RESET_CODE_INVALID');

      if (!(await codes.redeem(active.id, user.id, await hashPassword(input.password)))) {
        throw new BadRequestError('RESET_CODE_INVALID');
      }
      return { message: text('passwordChanged', ctx.lang) };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
