import { cropsContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import type { CropsService } from './crops.service.ts';

/** `/parcelle/:id/seasons…` (issue 30 §2): the farmer's own parcels; staff read them. */
export const cropsRoutes: FastifyPluginAsyncZod<{ service: CropsService }> = async (app, { service }) => {
  const readers = app.requireRole('User', 'Admin', 'Manager');
  const farmer = app.requireRole('User');
  app.route({
    ...fromContract(contract.seasons),
    onRequest: readers,
    handler: (request) => service.seasons(authed(request), request.params.id),
  });
  app.route({
    ...fromContract(contract.saveSeason),
    onRequest: farmer,
    handler: (request) => service.save(authed(request), request.params.id, request.params.season, request.body),
  });
};
