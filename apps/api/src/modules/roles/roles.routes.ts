import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedCtxOf as authed } from '../../context.ts';
import { MyRole, RoleItem, SellerRoleItem, UserIdParam, UserSellerRole } from './roles.schemas.ts';
import type { RolesService } from './roles.service.ts';

export const rolesRoutes: FastifyPluginAsyncZod<{ roles: RolesService }> = async (app, { roles }) => {
  const common = { tags: ['roles'], security: [{ bearer: [] }] };

  app.get(
    '/roles/my-role',
    { onRequest: app.authenticate, schema: { ...common, response: { 200: MyRole } } },
    (request) => roles.myRole({ ctx: authed(request) }),
  );

  app.get('/roles', { onRequest: app.authenticate, schema: { ...common, response: { 200: z.array(RoleItem) } } }, () =>
    roles.list(),
  );

  app.get('/sellerRoles', { schema: { tags: ['roles'], response: { 200: z.array(SellerRoleItem) } } }, () =>
    roles.sellerRoles(),
  );

  app.get(
    '/userSellerRole/:userId',
    { onRequest: app.authenticate, schema: { ...common, params: UserIdParam, response: { 200: UserSellerRole } } },
    (request) => roles.userSellerRole({ ctx: authed(request), userId: request.params.userId }),
  );
};
