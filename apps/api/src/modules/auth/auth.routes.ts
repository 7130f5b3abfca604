import { ForgotPasswordInput, LoginInput, RegisterInput, ResetPasswordInput } from '@filaha/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../context.ts';
import { attemptLimit } from '../../plugins/security.ts';
import { MessageAnswer, Profile } from '../users/users.schemas.ts';
import type { AuthService } from './auth.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';

const LoginAnswer = z.object({
  token: z.string(),
  user: z.object({ userId: z.number().int(), roleName: z.string(), userName: z.string(), email: z.string() }),
});

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; passwordReset: PasswordResetService }> = async (
  app,
  { auth, passwordReset },
) => {
  const tags = ['auth'];
  const login = attemptLimit(app, 'login');
  const forgot = attemptLimit(app, 'forgot');
  const reset = attemptLimit(app, 'reset');

  app.post(
    '/auth/register',
    { schema: { tags, body: RegisterInput, response: { 201: z.object({ message: z.string(), user: Profile }) } } },
    async (request, reply) => reply.code(201).send(await auth.register({ ctx: ctxOf(request), input: request.body })),
  );

  app.post(
    '/auth/login',
    {
      schema: { tags, body: LoginInput, response: { 200: LoginAnswer } },
      preHandler: login.check,
      onSend: login.record,
    },
    (request) => auth.login({ input: request.body }),
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: { tags, body: ForgotPasswordInput, response: { 200: MessageAnswer } },
      preHandler: forgot.check,
      onSend: forgot.record,
    },
    (request) => passwordReset.forgot({ ctx: ctxOf(request), input: request.body }),
  );

  app.post(
    '/auth/reset-password',
    {
      schema: { tags, body: ResetPasswordInput, response: { 200: MessageAnswer } },
      preHandler: reset.check,
      onSend: reset.record,
    },
    (request) => passwordReset.reset({ ctx: ctxOf(request), input: request.body }),
  );
};
