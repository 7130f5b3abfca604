import { marketplaceContract as contract } from '@filaha/shared/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed, ctxOf } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import { NotFoundError } from '../../core/errors.ts';
import { readPublicationForm, type PublicationForm } from './publication-form.ts';
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
  // The form is read in a preHandler, before the handler: an Idempotency-Key's fingerprint covers its fields and
  // files (request.bodyDigest), and the keyed handler's transaction never waits on an upload.
  const forms = new WeakMap<FastifyRequest, PublicationForm>();
  const readForm = async (request: FastifyRequest) => {
    forms.set(request, await readPublicationForm(request));
  };
  const formOf = (request: FastifyRequest): PublicationForm => {
    const form = forms.get(request);
    if (!form) throw new Error('publication form not read');
    return form;
  };

  app.route({
    ...fromContract(contract.add),
    onRequest: app.requireRole('Seller', 'User'),
    preHandler: readForm,
    handler: async (request, reply) => {
      const ctx = authed(request);
      const form = formOf(request);
      return reply.code(201).send(await service.create({ ctx, fields: form.fields, photos: form.photos }));
    },
  });

  app.route({
    ...fromContract(contract.update),
    onRequest: app.authenticate,
    preHandler: readForm,
    handler: async (request) => {
      const ctx = authed(request);
      const form = formOf(request);
      return service.update({ ctx, id: request.params.id, fields: form.fields, photos: form.photos });
    },
  });

  app.route({
    ...fromContract(contract.remove),
    onRequest: app.authenticate,
    handler: (request) => service.remove({ ctx: authed(request), id: request.params.id }),
  });

  app.route({
    ...fromContract(contract.one),
    handler: (request) => service.one({ ctx: ctxOf(request), id: request.params.id }),
  });

  app.route({
    ...fromContract(contract.mine),
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      const mine = await service.mine({ ctx: authed(request) });
      // SPEC §7: 205 means "none" to the earlier client; it has no body.
      if (mine.length === 0) return reply.code(205).send(undefined);
      return mine;
    },
  });

  app.route({
    ...fromContract(contract.all),
    // The answer depends on the query only (not on the caller or the language): pages are cached as JSON text
    // per value of the database's listing change counter (listing-cache.ts), so a string is sent as is.
    handler: async (request, reply) => {
      const body = await listingCache.get(listingKey(request.query), async () =>
        JSON.stringify(await service.list({ ctx: ctxOf(request), query: request.query })),
      );
      // Fastify sends a string with a JSON content type unchanged (no second serialisation); the schema
      // still documents the shape, which the service's typed result guarantees.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  });

  // The answer is the image's bytes, not JSON: registered without the contract's response schema.
  const image = fromContract(contract.image);
  const { response: _bytes, ...imageSchema } = image.schema;
  app.route({
    ...image,
    schema: imageSchema,
    handler: async (request, reply) => {
      const object = await service.image(request.params.name);
      if (!object) throw new NotFoundError();
      return reply
        .header('content-type', object.contentType)
        .header('content-length', String(object.body.length))
        .header('cache-control', IMAGE_CACHE)
        .send(object.body);
    },
  });
};
