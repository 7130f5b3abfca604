import { parcelsContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import type { ParcelsService } from './parcels.service.ts';

/** Parcels (SPEC "Parcelle"). Farmers (User) own theirs; Admin and Manager read all; Admin writes for anyone. */
export const parcelsRoutes: FastifyPluginAsyncZod<{ parcels: ParcelsService }> = async (app, { parcels }) => {
  const readers = app.requireRole('User', 'Admin', 'Manager');
  const writers = app.requireRole('User', 'Admin');

  app.route({
    ...fromContract(contract.list),
    onRequest: readers,
    handler: (request) => parcels.list({ ctx: authed(request), userId: request.query.userId }),
  });

  app.route({
    ...fromContract(contract.get),
    onRequest: readers,
    handler: (request) => parcels.get({ ctx: authed(request), id: request.params.id }),
  });

  app.route({
    ...fromContract(contract.create),
    onRequest: writers,
    handler: async (request, reply) =>
      reply.code(201).send(await parcels.create({ ctx: authed(request), input: request.body })),
  });

  app.route({
    ...fromContract(contract.remove),
    onRequest: writers,
    handler: (request) => parcels.remove({ ctx: authed(request), id: request.params.id }),
  });
};
