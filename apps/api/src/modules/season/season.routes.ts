import { imagesContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import type { SeasonService } from './season.service.ts';

/** GET /parcelle/{id}/series: the parcel's owner (farmer) or staff, who read every parcel's curve. */
export const seasonRoutes: FastifyPluginAsyncZod<{ season: SeasonService }> = async (app, { season }) => {
  app.route({
    ...fromContract(contract.series),
    onRequest: app.requireRole('User', 'Admin', 'Manager'),
    handler: (request, reply) =>
      season.curve({
        ctx: authed(request),
        id: request.params.id,
        query: request.query,
        retryAfter: (seconds) => void reply.header('retry-after', String(seconds)),
      }),
  });
};
