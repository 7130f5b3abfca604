import { PublicationListQuery } from '@filaha/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedCtxOf as authed, ctxOf } from '../../context.ts';
import { NotFoundError } from '../../core/errors.ts';
import { readPublicationForm } from './publication-form.ts';
import {
  IdParams,
  ImageParams,
  MessageAnswer,
  Publication,
  PublicationAnswer,
  PublicationPage,
} from './publications.schemas.ts';
import type { PublicationsService } from './publications.service.ts';
import type { ListingCache } from './listing-cache.ts';

/** The cache key of a validated listing query: its defined fields in a fixed order. */
export function listingKey(query: Record<string, unknown>): string {
  return JSON.stringify(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** A year, immutable: a photo's key is a fresh UUID and is never rewritten, so a card image never goes stale. */
const IMAGE_CACHE = 'public, max-age=31536000, immutable';

/**
 * `/publications/*` (SPEC §7). Reads are public (everyone browses); add needs the Seller or User role and an
 * active seller subscription of the caller; update is the owner's, delete the owner's or an Admin's.
 */
export const publicationsRoutes: FastifyPluginAsyncZod<{
  service: PublicationsService;
  listingCache: ListingCache;
}> = async (app, { service, listingCache }) => {
  const tags = ['publications'];
  const secured = { tags, security: [{ bearer: [] }] };
  // Multipart routes have no body schema: the form is read part by part and validated in the service.
  const multipartConsumes = ['multipart/form-data', 'application/json'];

  app.post(
    '/publications/add',
    {
      onRequest: app.requireRole('Seller', 'User'),
      schema: { ...secured, consumes: multipartConsumes, response: { 201: PublicationAnswer } },
    },
    async (request, reply) => {
      const ctx = authed(request);
      const form = await readPublicationForm(request);
      return reply.code(201).send(await service.create({ ctx, fields: form.fields, photos: form.photos }));
    },
  );

  app.put(
    '/publications/update/:id',
    {
      onRequest: app.authenticate,
      schema: { ...secured, consumes: multipartConsumes, params: IdParams, response: { 200: PublicationAnswer } },
    },
    async (request) => {
      const ctx = authed(request);
      const form = await readPublicationForm(request);
      return service.update({ ctx, id: request.params.id, fields: form.fields, photos: form.photos });
    },
  );

  app.delete(
    '/publications/delete/:id',
    { onRequest: app.authenticate, schema: { ...secured, params: IdParams, response: { 200: MessageAnswer } } },
    (request) => service.remove({ ctx: authed(request), id: request.params.id }),
  );

  app.get('/publications/one/:id', { schema: { tags, params: IdParams, response: { 200: Publication } } }, (request) =>
    service.one({ ctx: ctxOf(request), id: request.params.id }),
  );

  app.get(
    '/publications/my-publications',
    {
      onRequest: app.authenticate,
      schema: { ...secured, response: { 200: z.array(Publication), 205: z.undefined() } },
    },
    async (request, reply) => {
      const mine = await service.mine({ ctx: authed(request) });
      // SPEC §7: 205 means "none" to the earlier client; it has no body.
      if (mine.length === 0) return reply.code(205).send(undefined);
      return mine;
    },
  );

  app.get(
    '/publications/all',
    {
      schema: {
        tags,
        querystring: PublicationListQuery,
        response: { 200: z.union([z.array(Publication), PublicationPage]) },
      },
    },
    // The answer depends on the query only (not on the caller or the language): pages are cached as JSON text
    // per value of the database's listing change counter (listing-cache.ts), so a string is sent as is.
    async (request, reply) => {
      const body = await listingCache.get(listingKey(request.query), async () =>
        JSON.stringify(await service.list({ ctx: ctxOf(request), query: request.query })),
      );
      // Fastify sends a string with a JSON content type unchanged (no second serialisation); the schema above
      // still documents the shape, which the service's typed result guarantees.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/publications/images/:name',
    { schema: { tags, params: ImageParams, hide: true } },
    async (request, reply) => {
      const object = await service.image(request.params.name);
      if (!object) throw new NotFoundError();
      return reply
        .header('content-type', object.contentType)
        .header('content-length', String(object.body.length))
        .header('cache-control', IMAGE_CACHE)
        .send(object.body);
    },
  );
};
