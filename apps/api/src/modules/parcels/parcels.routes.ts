import { ParcelInput } from '@filaha/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedCtxOf as authed } from '../../context.ts';
import { MessageAnswer, MessageWithParcel, Parcel, ParcelIdParams, ParcelListQuery } from './parcels.schemas.ts';
import type { ParcelsService } from './parcels.service.ts';

/** Parcels (SPEC "Parcelle"). Farmers (User) own theirs; Admin and Manager read all; Admin writes for anyone. */
export const parcelsRoutes: FastifyPluginAsyncZod<{ parcels: ParcelsService }> = async (app, { parcels }) => {
  const schema = { tags: ['parcels'], security: [{ bearer: [] }] };
  const readers = app.requireRole('User', 'Admin', 'Manager');
  const writers = app.requireRole('User', 'Admin');

  app.get(
    '/parcelle',
    { onRequest: readers, schema: { ...schema, querystring: ParcelListQuery, response: { 200: z.array(Parcel) } } },
    (request) => parcels.list({ ctx: authed(request), userId: request.query.userId }),
  );

  app.get(
    '/parcelle/:id',
    { onRequest: readers, schema: { ...schema, params: ParcelIdParams, response: { 200: Parcel } } },
    (request) => parcels.get({ ctx: authed(request), id: request.params.id }),
  );

  app.post(
    '/parcelle',
    { onRequest: writers, schema: { ...schema, body: ParcelInput, response: { 201: MessageWithParcel } } },
    async (request, reply) => reply.code(201).send(await parcels.create({ ctx: authed(request), input: request.body })),
  );

  app.delete(
    '/parcelle/:id',
    { onRequest: writers, schema: { ...schema, params: ParcelIdParams, response: { 200: MessageAnswer } } },
    (request) => parcels.remove({ ctx: authed(request), id: request.params.id }),
  );
};
