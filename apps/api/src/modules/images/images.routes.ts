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

export const imagesRoutes: FastifyPluginAsyncZod<{ images: ImagesService }> = async (app, { images }) => {
  app.route({
    ...fromContract(contract.generate),
    onRequest: app.requireRole(...IMAGE_ROLES),
    handler: (request) =>
      images.generate({ ctx: authed(request), indexName: request.params.indexName, input: request.body }),
  });
};
