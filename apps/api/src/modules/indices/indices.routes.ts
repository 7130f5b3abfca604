import { indicesContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed, ctxOf } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import type { IndicesService } from './indices.service.ts';

/** Indices (SPEC "Indice"): public reads, Admin writes; the farmer's index-map configuration. */
export const indicesRoutes: FastifyPluginAsyncZod<{ indices: IndicesService }> = async (app, { indices }) => {
  const admin = app.requireRole('Admin');

  app.route({
    ...fromContract(contract.list),
    handler: (request) => indices.list({ ctx: ctxOf(request) }),
  });

  app.route({
    ...fromContract(contract.get),
    handler: (request) => indices.get({ ctx: ctxOf(request), id: request.params.id }),
  });

  app.route({
    ...fromContract(contract.config),
    onRequest: app.authenticate,
    handler: (request) => indices.config({ ctx: authed(request), userId: request.params.userId }),
  });

  app.route({
    ...fromContract(contract.create),
    onRequest: admin,
    handler: async (request, reply) =>
      reply.code(201).send(await indices.create({ ctx: authed(request), input: request.body })),
  });

  app.route({
    ...fromContract(contract.update),
    onRequest: admin,
    handler: (request) => indices.update({ ctx: authed(request), id: request.params.id, input: request.body }),
  });

  app.route({
    ...fromContract(contract.remove),
    onRequest: admin,
    handler: (request) => indices.remove({ ctx: authed(request), id: request.params.id }),
  });
};
