import { rolesContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import type { RolesService } from './roles.service.ts';

export const rolesRoutes: FastifyPluginAsyncZod<{ roles: RolesService }> = async (app, { roles }) => {
  app.route({
    ...fromContract(contract.myRole),
    onRequest: app.authenticate,
    handler: (request) => roles.myRole({ ctx: authed(request) }),
  });

  app.route({
    ...fromContract(contract.list),
    onRequest: app.authenticate,
    handler: () => roles.list(),
  });

  app.route({
    ...fromContract(contract.sellerRoles),
    handler: () => roles.sellerRoles(),
  });

  app.route({
    ...fromContract(contract.userSellerRole),
    onRequest: app.authenticate,
    handler: (request) => roles.userSellerRole({ ctx: authed(request), userId: request.params.userId }),
  });
};
