import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StatsRepository } from './stats.repository.ts';
import { RequestsPerMonth, RequestsPerMonthQuery, requestsPerMonth } from './stats.ts';

export const statsRoutes: FastifyPluginAsyncZod<{ repo: StatsRepository }> = async (app, { repo }) => {
  app.get(
    '/stats/requests-per-month',
    {
      onRequest: app.requireRole('Admin', 'Manager'),
      schema: {
        tags: ['stats'],
        security: [{ bearer: [] }],
        querystring: RequestsPerMonthQuery,
        response: { 200: RequestsPerMonth },
      },
    },
    (request) => requestsPerMonth(repo, request.query.months),
  );
};
