import { IndexInput, IndexUpdateInput } from '@filaha/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedCtxOf as authed, ctxOf } from '../../context.ts';
import { IdParams, Index, IndexConfig, MessageAnswer, UserIdParams } from './indices.schemas.ts';
import type { IndicesService } from './indices.service.ts';

/** Indices (SPEC "Indice"): public reads, Admin writes; the farmer's index-map configuration. */
export const indicesRoutes: FastifyPluginAsyncZod<{ indices: IndicesService }> = async (app, { indices }) => {
  const tags = ['indices'];
  const secured = { tags, security: [{ bearer: [] }] };
  const admin = app.requireRole('Admin');

  app.get('/indice', { schema: { tags, response: { 200: z.array(Index) } } }, (request) =>
    indices.list({ ctx: ctxOf(request) }),
  );

  app.get('/indice/:id', { schema: { tags, params: IdParams, response: { 200: Index } } }, (request) =>
    indices.get({ ctx: ctxOf(request), id: request.params.id }),
  );

  app.get(
    '/indice/:userId/indices',
    {
      onRequest: app.authenticate,
      schema: { ...secured, params: UserIdParams, response: { 200: z.array(IndexConfig) } },
    },
    (request) => indices.config({ ctx: authed(request), userId: request.params.userId }),
  );

  app.post(
    '/indice',
    { onRequest: admin, schema: { ...secured, body: IndexInput, response: { 201: Index } } },
    async (request, reply) => reply.code(201).send(await indices.create({ ctx: authed(request), input: request.body })),
  );

  app.put(
    '/indice/:id',
    { onRequest: admin, schema: { ...secured, params: IdParams, body: IndexUpdateInput, response: { 200: Index } } },
    (request) => indices.update({ ctx: authed(request), id: request.params.id, input: request.body }),
  );

  app.delete(
    '/indice/:id',
    { onRequest: admin, schema: { ...secured, params: IdParams, response: { 200: MessageAnswer } } },
    (request) => indices.remove({ ctx: authed(request), id: request.params.id }),
  );
};
