import { authContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import { attemptLimit } from '../../plugins/security.ts';
import type { AuthService } from './auth.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; passwordReset: PasswordResetService }> = async (
  app,
  { auth, passwordReset },
) => {
  const login = attemptLimit(app, 'login');
  const forgot = attemptLimit(app, 'forgot');
  const reset = attemptLimit(app, 'reset');

  app.route({
    ...fromContract(contract.register),
    handler: async (request, reply) =>
      reply.code(201).send(await auth.register({ ctx: ctxOf(request), input: request.body })),
  });

  app.route({
    ...fromContract(contract.login),
    preHandler: login.check,
    onSend: login.record,
    handler: (request) => auth.login({ input: request.body }),
  });

  app.route({
    ...fromContract(contract.forgotPassword),
    preHandler: forgot.check,
    onSend: forgot.record,
    handler: (request) => passwordReset.forgot({ ctx: ctxOf(request), input: request.body }),
  });

  app.route({
    ...fromContract(contract.resetPassword),
    preHandler: reset.check,
    onSend: reset.record,
    handler: (request) => passwordReset.reset({ ctx: ctxOf(request), input: request.body }),
  });
};
