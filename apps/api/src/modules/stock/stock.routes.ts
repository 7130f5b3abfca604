import { stockContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import { pickLanguage } from '../../i18n/language.ts';
import type { StockService } from './stock.service.ts';

/**
 * `/stock/*`: a farmer's (User) or seller's own stock. Every route is owner-only — a caller never sees or
 * touches another account's items, whatever the role.
 */
export const stockRoutes: FastifyPluginAsyncZod<{ service: StockService }> = async (app, { service }) => {
  const onRequest = app.requireRole('User', 'Seller');

  app.route({
    ...fromContract(contract.items),
    onRequest,
    handler: (request) => service.items(authed(request)),
  });

  app.route({
    ...fromContract(contract.createItem),
    onRequest,
    handler: async (request, reply) => reply.code(201).send(await service.createItem(authed(request), request.body)),
  });

  app.route({
    ...fromContract(contract.updateItem),
    onRequest,
    handler: (request) => service.updateItem(authed(request), request.params.id, request.body),
  });

  app.route({
    ...fromContract(contract.deleteItem),
    onRequest,
    handler: (request) => service.deleteItem(authed(request), request.params.id, request.query.withMovements),
  });

  app.route({
    ...fromContract(contract.movements),
    onRequest,
    handler: (request) => service.movements(authed(request), request.query),
  });

  app.route({
    ...fromContract(contract.addMovement),
    onRequest,
    handler: async (request, reply) => reply.code(201).send(await service.addMovement(authed(request), request.body)),
  });

  app.route({
    ...fromContract(contract.deleteMovement),
    onRequest,
    handler: (request) => service.deleteMovement(authed(request), request.params.id),
  });

  app.route({
    ...fromContract(contract.summary),
    onRequest,
    handler: (request) => service.summary(authed(request), request.query),
  });

  // The answer is CSV text, not JSON: registered without the contract's response schema, so neither the JSON
  // serializer nor the OpenAPI document take it for a JSON string.
  const exportCsv = fromContract(contract.exportCsv);
  const { response: _text, ...exportSchema } = exportCsv.schema;
  // The headers follow `lang` when given (a download link cannot always set Accept-Language), else the header.
  app.route({
    ...exportCsv,
    // The OpenAPI document shows the contract's answer under this type (plugins/docs.ts).
    schema: { ...exportSchema, produces: ['text/csv'] },
    onRequest,
    handler: async (request, reply) => {
      const ctx = authed(request);
      const lang = request.query.lang ?? pickLanguage(request.headers['accept-language']);
      const { filename, body } = await service.exportCsv(ctx, request.query, lang);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
};
