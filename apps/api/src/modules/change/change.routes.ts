import { imagesContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import { IMAGE_ROLES } from '../images/public.ts';
import type { ChangeService } from './change.service.ts';

/** POST /images/{indexName}/change. Farmers only, like POST /images/{indexName}: staff have no quota to spend. */
export const changeRoutes: FastifyPluginAsyncZod<{ change: ChangeService }> = async (app, { change }) => {
  app.route({
    ...fromContract(contract.change),
    onRequest: app.requireRole(...IMAGE_ROLES),
    handler: (request) =>
      change.generate({ ctx: authed(request), indexName: request.params.indexName, input: request.body }),
  });
};
