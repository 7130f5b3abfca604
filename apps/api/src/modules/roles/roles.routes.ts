import { MyRole, SellerRoleUserParams, UserSellerRole, rolesContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import type { RolesService } from './roles.service.ts';

export const rolesRoutes: FastifyPluginAsyncZod<{ roles: RolesService }> = async (app, { roles }) => {
  // Not yet from a contract: the web's start-up check reads this answer leniently (a role name in any shape).
  app.get(
    '/roles/my-role',
    { onRequest: app.authenticate, schema: { tags: ['roles'], security: [{ bearer: [] }], response: { 200: MyRole } } },
    (request) => roles.myRole({ ctx: authed(request) }),
  );

  app.route({
    ...fromContract(contract.list),
    onRequest: app.authenticate,
    handler: () => roles.list(),
  });

  app.route({
    ...fromContract(contract.sellerRoles),
    handler: () => roles.sellerRoles(),
  });

  // Not yet from a contract: the web reads this answer leniently (sign-in, sidebar).
  app.get(
    '/userSellerRole/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['roles'],
        security: [{ bearer: [] }],
        params: SellerRoleUserParams,
        response: { 200: UserSellerRole },
      },
    },
    (request) => roles.userSellerRole({ ctx: authed(request), userId: request.params.userId }),
  );
};
