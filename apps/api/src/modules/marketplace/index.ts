import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { MULTIPART_LIMITS } from './publication-form.ts';
import { createPublicationsRepository } from './publications.repository.ts';
import { publicationsRoutes } from './publications.routes.ts';
import { createPublicationsService } from './publications.service.ts';

/**
 * The marketplace publications: repository → service → routes. Encapsulated on purpose: @fastify/multipart (and
 * its limits) applies to these routes only. Photos go to `app.storage`; listing pages are cached in
 * `app.listingCache` (listing-cache.ts, registered first in /api).
 */
const marketplace: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  const service = createPublicationsService({
    repo: createPublicationsRepository(app.database.db),
    storage: () => app.storage,
    log: app.log,
  });
  await app.register(publicationsRoutes, { service, listingCache: app.listingCache });
};

export const marketplaceModule = fp(marketplace, {
  name: 'marketplace',
  dependencies: ['platform', 'auth', 'storage', 'listing-cache'],
  encapsulate: true,
});
