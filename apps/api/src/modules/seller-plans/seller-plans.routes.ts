import { sellerPlansContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed, ctxOf } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import type { SellerPlansService } from './seller-plans.service.ts';

/**
 * Seller plans (`/sellerAbonnement`, also spelt `/sellerabonnement`) and seller subscriptions
 * (`/sellerAbonnementUser`). The catalogue is public; Seller and User (a farmer selling produce) subscribe.
 */
export const sellerPlansRoutes: FastifyPluginAsyncZod<{ service: SellerPlansService }> = async (app, { service }) => {
  const admin = app.requireRole('Admin');
  const readers = app.requireRole('Admin', 'Manager');

  for (const spelling of [
    { list: contract.listPlans, create: contract.createPlan, update: contract.updatePlan, remove: contract.removePlan },
    {
      list: contract.listPlansLower,
      create: contract.createPlanLower,
      update: contract.updatePlanLower,
      remove: contract.removePlanLower,
    },
  ]) {
    app.route({ ...fromContract(spelling.list), handler: () => service.listPlans() });

    app.route({
      ...fromContract(spelling.create),
      onRequest: admin,
      handler: async (request, reply) =>
        reply.code(201).send(await service.createPlan({ ctx: authed(request), input: request.body })),
    });

    app.route({
      ...fromContract(spelling.update),
      onRequest: admin,
      handler: (request) => service.updatePlan({ ctx: authed(request), id: request.params.id, input: request.body }),
    });

    app.route({
      ...fromContract(spelling.remove),
      onRequest: admin,
      handler: (request) => service.removePlan({ ctx: authed(request), id: request.params.id }),
    });
  }

  app.route({
    ...fromContract(contract.subscribe),
    onRequest: app.requireRole('Seller', 'User'),
    handler: async (request, reply) =>
      reply.code(201).send(await service.subscribe({ ctx: authed(request), input: request.body })),
  });

  app.route({
    ...fromContract(contract.current),
    onRequest: app.authenticate,
    handler: (request) => service.current({ ctx: authed(request) }),
  });

  app.route({
    ...fromContract(contract.listSubscriptions),
    onRequest: readers,
    handler: (request) => service.listAll({ ctx: ctxOf(request) }),
  });

  app.route({
    ...fromContract(contract.setState),
    onRequest: readers,
    handler: (request) => service.setState({ ctx: authed(request), id: request.params.id, etat: request.body.etat }),
  });

  app.route({
    ...fromContract(contract.removeSubscription),
    onRequest: admin,
    handler: (request) => service.removeSubscription({ ctx: authed(request), id: request.params.id }),
  });
};
