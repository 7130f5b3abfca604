import { historyContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import type { HistoryService } from './history.service.ts';

export const historyRoutes: FastifyPluginAsyncZod<{ history: HistoryService }> = async (app, { history }) => {
  app.route({
    ...fromContract(contract.list),
    onRequest: app.authenticate,
    handler: (request) => history.list({ ctx: authed(request), query: request.query }),
  });

  app.route({
    ...fromContract(contract.latest),
    onRequest: app.authenticate,
    handler: (request) => history.latest({ ctx: authed(request), query: request.query }),
  });
};
