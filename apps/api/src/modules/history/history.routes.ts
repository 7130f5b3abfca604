import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedCtxOf as authed } from '../../context.ts';
import { HistoryItem, HistoryQuery } from './history.schemas.ts';
import type { HistoryService } from './history.service.ts';

export const historyRoutes: FastifyPluginAsyncZod<{ history: HistoryService }> = async (app, { history }) => {
  const common = { tags: ['images'], security: [{ bearer: [] }] };

  app.get(
    '/request/images',
    {
      onRequest: app.authenticate,
      schema: { ...common, querystring: HistoryQuery, response: { 200: z.array(HistoryItem) } },
    },
    (request) => history.list({ ctx: authed(request), query: request.query }),
  );

  app.get(
    '/request/image',
    { onRequest: app.authenticate, schema: { ...common, querystring: HistoryQuery, response: { 200: HistoryItem } } },
    (request) => history.latest({ ctx: authed(request), query: request.query }),
  );
};
