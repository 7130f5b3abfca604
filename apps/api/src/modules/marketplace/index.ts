import multipart from '@fastify/multipart';
import type { Db } from '@filaha/db';
import type { FastifyPluginAsync } from 'fastify';
import type { ListingCache } from './listing-cache.ts';
import { MULTIPART_LIMITS } from './publication-form.ts';
import { createPublicationsRepository } from './publications.repository.ts';
import { publicationsRoutes } from './publications.routes.ts';
import { createPublicationsService } from './publications.service.ts';

/**
 * The marketplace publications: repository → service → routes. Not wrapped in fastify-plugin on purpose:
 * @fastify/multipart (and its limits) applies to these routes only. Photos go to `app.storage`.
 */
export const marketplaceModule: FastifyPluginAsync<{ db: Db; listingCache: ListingCache }> = async (
  app,
  { db, listingCache },
) => {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  const service = createPublicationsService({
    repo: createPublicationsRepository(db),
    storage: () => {
      if (!app.storage) throw new Error('The storage plugin must be registered in /api before the marketplace is used');
      return app.storage;
    },
    log: app.log,
  });
  await app.register(publicationsRoutes, { service, listingCache });
};
