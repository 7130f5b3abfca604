import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed } from '../../context.ts';
import { GenerateImageAnswer, GenerateImageBody, IndexNameParams } from './images.schemas.ts';
import type { ImagesService } from './images.service.ts';

/**
 * Farmers only (role User). Investors register too, but the SPEC gives them no farm map, parcels or farmer
 * subscription; an Admin/Manager has no quota of their own to spend. They get 403 FORBIDDEN.
 */
export const IMAGE_ROLES = ['User'] as const;

export const imagesRoutes: FastifyPluginAsyncZod<{ images: ImagesService }> = async (app, { images }) => {
  app.post(
    '/images/:indexName',
    {
      onRequest: app.requireRole(...IMAGE_ROLES),
      schema: {
        tags: ['images'],
        security: [{ bearer: [] }],
        params: IndexNameParams,
        body: GenerateImageBody,
        response: { 200: GenerateImageAnswer },
      },
    },
    (request) => images.generate({ ctx: authed(request), indexName: request.params.indexName, input: request.body }),
  );
};
