import {
  StockExportQuery,
  StockItemInput,
  StockMovementInput,
  StockMovementListQuery,
  StockPeriodQuery,
} from '@filaha/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedCtxOf as authed } from '../../context.ts';
import { pickLanguage } from '../../i18n/language.ts';
import {
  DeleteItemQuery,
  IdParams,
  ItemDeleted,
  MovementDeleted,
  StockItem,
  StockMovement,
  StockSummary,
} from './stock.schemas.ts';
import type { StockService } from './stock.service.ts';

/**
 * `/stock/*`: a farmer's (User) or seller's own stock. Every route is owner-only — a caller never sees or
 * touches another account's items, whatever the role.
 */
export const stockRoutes: FastifyPluginAsyncZod<{ service: StockService }> = async (app, { service }) => {
  const guard = { onRequest: app.requireRole('User', 'Seller') };
  const secured = { tags: ['stock'], security: [{ bearer: [] }] };

  app.get('/stock/items', { ...guard, schema: { ...secured, response: { 200: z.array(StockItem) } } }, (request) =>
    service.items(authed(request)),
  );

  app.post(
    '/stock/items',
    { ...guard, schema: { ...secured, body: StockItemInput, response: { 201: StockItem } } },
    async (request, reply) => reply.code(201).send(await service.createItem(authed(request), request.body)),
  );

  app.put(
    '/stock/items/:id',
    { ...guard, schema: { ...secured, params: IdParams, body: StockItemInput, response: { 200: StockItem } } },
    (request) => service.updateItem(authed(request), request.params.id, request.body),
  );

  app.delete(
    '/stock/items/:id',
    {
      ...guard,
      schema: { ...secured, params: IdParams, querystring: DeleteItemQuery, response: { 200: ItemDeleted } },
    },
    (request) => service.deleteItem(authed(request), request.params.id, request.query.withMovements),
  );

  app.get(
    '/stock/movements',
    {
      ...guard,
      schema: { ...secured, querystring: StockMovementListQuery, response: { 200: z.array(StockMovement) } },
    },
    (request) => service.movements(authed(request), request.query),
  );

  app.post(
    '/stock/movements',
    { ...guard, schema: { ...secured, body: StockMovementInput, response: { 201: StockMovement } } },
    async (request, reply) => reply.code(201).send(await service.addMovement(authed(request), request.body)),
  );

  app.delete(
    '/stock/movements/:id',
    { ...guard, schema: { ...secured, params: IdParams, response: { 200: MovementDeleted } } },
    (request) => service.deleteMovement(authed(request), request.params.id),
  );

  app.get(
    '/stock/summary',
    { ...guard, schema: { ...secured, querystring: StockPeriodQuery, response: { 200: StockSummary } } },
    (request) => service.summary(authed(request), request.query),
  );

  // The headers follow `lang` when given (a download link cannot always set Accept-Language), else the header.
  app.get(
    '/stock/export.csv',
    { ...guard, schema: { ...secured, querystring: StockExportQuery } },
    async (request, reply) => {
      const ctx = authed(request);
      const lang = request.query.lang ?? pickLanguage(request.headers['accept-language']);
      const { filename, body } = await service.exportCsv(ctx, request.query, lang);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
