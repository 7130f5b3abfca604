import { waterContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import type { WaterService } from './water.service.ts';

/** `/parcelle/:id/water…` and `/parcelle/:id/irrigations…` (issue 31 §2): the farmer's own parcels; staff read. */
export const waterRoutes: FastifyPluginAsyncZod<{ service: WaterService }> = async (app, { service }) => {
  const readers = app.requireRole('User', 'Admin', 'Manager');
  const farmer = app.requireRole('User');
  app.route({
    ...fromContract(contract.water),
    onRequest: readers,
    handler: (request) => service.water(authed(request), request.params.id, request.query.date),
  });
  app.route({
    ...fromContract(contract.saveSettings),
    onRequest: farmer,
    handler: (request) => service.saveSettings(authed(request), request.params.id, request.body),
  });
  app.route({
    ...fromContract(contract.irrigate),
    onRequest: farmer,
    handler: async (request, reply) =>
      reply.code(201).send(await service.irrigate(authed(request), request.params.id, request.body)),
  });
  app.route({
    ...fromContract(contract.removeIrrigation),
    onRequest: farmer,
    handler: (request) => service.removeIrrigation(authed(request), request.params.id, request.params.irrigationId),
  });
};
