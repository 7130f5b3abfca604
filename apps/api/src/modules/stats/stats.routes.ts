import { statsContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../core/contract-route.ts';
import type { StatsRepository } from './stats.repository.ts';
import { requestsPerMonth } from './stats.ts';

export const statsRoutes: FastifyPluginAsyncZod<{ repo: StatsRepository }> = async (app, { repo }) => {
  app.route({
    ...fromContract(contract.requestsPerMonth),
    onRequest: app.requireRole('Admin', 'Manager'),
    handler: (request) => requestsPerMonth(repo, request.query.months),
  });
};
