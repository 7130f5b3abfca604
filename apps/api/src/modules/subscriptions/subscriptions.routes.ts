import { subscriptionsContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

/**
 * Farmer subscriptions (SPEC "AbonnementUser") and usage ("AbonnementUserIndice"). Farmers subscribe and read
 * their own; Admin and Manager read all and switch the state; only Admin deletes.
 */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{ subscriptions: SubscriptionsService }> = async (
  app,
  { subscriptions },
) => {
  const staff = app.requireRole('Admin', 'Manager');

  app.route({
    ...fromContract(contract.status),
    onRequest: app.authenticate,
    handler: (request) => subscriptions.statusOf({ ctx: authed(request), userId: request.params.userId }),
  });

  app.route({ ...fromContract(contract.list), onRequest: staff, handler: () => subscriptions.listAll() });

  app.route({
    ...fromContract(contract.subscribe),
    onRequest: app.requireRole('User'),
    handler: async (request, reply) =>
      reply.code(201).send(await subscriptions.subscribe({ ctx: authed(request), input: request.body })),
  });

  app.route({
    ...fromContract(contract.setState),
    onRequest: staff,
    handler: (request) =>
      subscriptions.setState({ ctx: authed(request), id: request.params.id, etat: request.body.etat }),
  });

  app.route({
    ...fromContract(contract.remove),
    onRequest: app.requireRole('Admin'),
    handler: (request) => subscriptions.remove({ ctx: authed(request), id: request.params.id }),
  });

  app.route({
    ...fromContract(contract.remaining),
    onRequest: app.authenticate,
    handler: (request) => subscriptions.remaining({ ctx: authed(request), id: request.params.abonnementUserId }),
  });

  app.route({
    ...fromContract(contract.createUsage),
    onRequest: staff,
    handler: (request) => subscriptions.createUsage({ ctx: authed(request), input: request.body }),
  });
};
