import { z } from 'zod';
import { ForgotPasswordInput, LoginInput, RegisterInput, ResetPasswordInput } from '../auth.ts';
import { route } from './contract.ts';
import { MessageAnswer } from './common.ts';
import { MessageWithProfile } from './users.ts';

export const LoginAnswer = z.object({
  token: z.string(),
  user: z.object({ userId: z.number().int(), roleName: z.string(), userName: z.string(), email: z.string() }),
});
export type LoginAnswer = z.infer<typeof LoginAnswer>;

const authRoute = { tags: ['auth'], auth: false } as const;

/** Sign-up, sign-in and password reset (no token: these are how one gets one). */
export const authContract = {
  register: route({
    ...authRoute,
    method: 'POST',
    path: '/auth/register',
    body: RegisterInput,
    responses: { 201: MessageWithProfile },
    errors: ['EMAIL_TAKEN'],
  }),
  login: route({
    ...authRoute,
    method: 'POST',
    path: '/auth/login',
    body: LoginInput,
    responses: { 200: LoginAnswer },
    errors: ['INVALID_CREDENTIALS'],
  }),
  forgotPassword: route({
    ...authRoute,
    method: 'POST',
    path: '/auth/forgot-password',
    body: ForgotPasswordInput,
    responses: { 200: MessageAnswer },
    errors: [],
  }),
  resetPassword: route({
    ...authRoute,
    method: 'POST',
    path: '/auth/reset-password',
    body: ResetPasswordInput,
    responses: { 200: MessageAnswer },
    errors: ['RESET_CODE_INVALID', 'RESET_CODE_LOCKED', 'RESET_CODE_EXPIRED'],
  }),
};
