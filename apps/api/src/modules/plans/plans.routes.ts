import { plansContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed, ctxOf } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import type { FunctionalitiesService } from './functionalities.service.ts';
import type { PlansService } from './plans.service.ts';

export interface PlansRoutesOptions {
  plans: PlansService;
  functionalities: FunctionalitiesService;
}

/** Plans and functionalities. Catalogue reads are public (the offers page shows them); writes are Admin only. */
export const plansRoutes: FastifyPluginAsyncZod<PlansRoutesOptions> = async (app, { plans, functionalities }) => {
  const admin = app.requireRole('Admin');

  app.route({ ...fromContract(contract.list), handler: (request) => plans.list({ ctx: ctxOf(request) }) });

  // The earlier clients used both spellings of the "detailed" path; they answer the same.
  for (const details of [contract.details, contract.detailsFonctionnality, contract.detailsFonctionality]) {
    app.route({ ...fromContract(details), handler: (request) => plans.details({ ctx: ctxOf(request) }) });
  }

  app.route({
    ...fromContract(contract.create),
    onRequest: admin,
    handler: async (request, reply) => {
      const created = await plans.create({ ctx: authed(request), input: request.body });
      return reply.code(201).send(created);
    },
  });

  app.route({
    ...fromContract(contract.update),
    onRequest: admin,
    handler: (request) => plans.update({ ctx: authed(request), id: request.params.id, input: request.body }),
  });

  app.route({
    ...fromContract(contract.remove),
    onRequest: admin,
    handler: (request) => plans.remove({ ctx: authed(request), id: request.params.id }),
  });

  app.route({ ...fromContract(contract.functionalities), handler: () => functionalities.list() });

  app.route({
    ...fromContract(contract.createFunctionality),
    onRequest: admin,
    handler: async (request, reply) => reply.code(201).send(await functionalities.create({ input: request.body })),
  });

  app.route({
    ...fromContract(contract.updateFunctionality),
    onRequest: admin,
    handler: (request) => functionalities.update({ id: request.params.id, input: request.body }),
  });

  app.route({
    ...fromContract(contract.assignFunctionality),
    onRequest: admin,
    handler: async (request, reply) =>
      reply.code(201).send(await functionalities.assignToPlan({ ctx: authed(request), input: request.body })),
  });

  app.route({
    ...fromContract(contract.assignSellerFunctionality),
    onRequest: admin,
    handler: async (request, reply) =>
      reply.code(201).send(await functionalities.assignToSellerPlan({ ctx: authed(request), input: request.body })),
  });
};
