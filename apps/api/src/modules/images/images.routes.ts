import { imagesContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import type { ImagesService } from './images.service.ts';

/**
 * Farmers only (role User). Investors register too, but the SPEC gives them no farm map, parcels or farmer
 * subscription; an Admin/Manager has no quota of their own to spend. They get 403 FORBIDDEN.
 */
export const IMAGE_ROLES = ['User'] as const;

/** Staff draw parcels (SPEC §5): they see where the catalog has imagery before saving one. */
export const COVERAGE_ROLES = ['Admin', 'Manager'] as const;

/**
 * POST /images/{indexName} (charged once per acquisition), GET /images/latest-acquisition and /images/latest-clear
 * (the farm map's default window and "latest clear image": catalog searches only, never charged), and
 * GET /images/coverage (where the catalog has imagery: the admin parcel map warns before a parcel is drawn outside).
 */
export const imagesRoutes: FastifyPluginAsyncZod<{ images: ImagesService }> = async (app, { images }) => {
  const farmers = app.requireRole(...IMAGE_ROLES);

  app.route({
    ...fromContract(contract.generate),
    onRequest: farmers,
    handler: (request) =>
      images.generate({ ctx: authed(request), indexName: request.params.indexName, input: request.body }),
  });

  app.route({
    ...fromContract(contract.coverage),
    onRequest: app.requireRole(...COVERAGE_ROLES),
    handler: () => images.coverage(),
  });

  app.route({
    ...fromContract(contract.latestAcquisition),
    onRequest: farmers,
    handler: (request) => images.latestAcquisition({ ctx: authed(request), query: request.query }),
  });

  app.route({
    ...fromContract(contract.latestClear),
    onRequest: farmers,
    handler: (request) => images.latestClear({ ctx: authed(request), query: request.query }),
  });
};
