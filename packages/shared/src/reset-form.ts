import { z } from 'zod';
import { passwordSchema } from './auth.ts';

/** The reset-password form: the sign-up password rule plus a confirmation checked on the client only. */
export const ResetPasswordForm = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordMismatch',
  });
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;
