import { smsContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import type { SmsService } from './sms.service.ts';

/**
 * SMS (issue 31 §4): the opt-in is the farmer's own (role User); the list of SMS sent is the staff's (Admin,
 * Manager), as the jobs page.
 */
export const smsRoutes: FastifyPluginAsyncZod<{ service: SmsService }> = async (app, { service }) => {
  const farmer = app.requireRole('User');
  const staff = app.requireRole('Admin', 'Manager');

  app.route({
    ...fromContract(contract.state),
    onRequest: farmer,
    handler: (request) => service.state(authed(request)),
  });

  app.route({
    ...fromContract(contract.phone),
    onRequest: farmer,
    handler: async (request, reply) =>
      reply.code(202).send(await service.requestCode(authed(request), request.body.phone)),
  });

  app.route({
    ...fromContract(contract.verify),
    onRequest: farmer,
    handler: (request) => service.verify(authed(request), request.body.code),
  });

  app.route({
    ...fromContract(contract.optOut),
    onRequest: farmer,
    handler: (request) => service.optOut(authed(request)),
  });

  app.route({
    ...fromContract(contract.messages),
    onRequest: staff,
    handler: (request) => service.messages(request.query.limit),
  });
};
