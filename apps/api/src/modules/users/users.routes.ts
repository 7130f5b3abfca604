import { UpdateUserInput } from '@filaha/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedCtxOf as authed } from '../../context.ts';
import { MessageAnswer, Profile, PublicUser, UserIdParams, UserIds, UserListItem } from './users.schemas.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  const common = { tags: ['users'], security: [{ bearer: [] }] };

  app.get(
    '/users/profile',
    { onRequest: app.authenticate, schema: { ...common, response: { 200: Profile } } },
    (request) => users.profile({ ctx: authed(request) }),
  );

  app.get('/users/get', { onRequest: app.authenticate, schema: { ...common, response: { 200: UserIds } } }, (request) =>
    users.ids({ ctx: authed(request) }),
  );

  app.get(
    '/users',
    { onRequest: app.requireRole('Admin', 'Manager'), schema: { ...common, response: { 200: z.array(UserListItem) } } },
    (request) => users.list({ ctx: authed(request) }),
  );

  app.get(
    '/users/:id',
    {
      onRequest: app.authenticate,
      schema: { ...common, params: UserIdParams, response: { 200: z.union([Profile, PublicUser]) } },
    },
    (request) => users.get({ ctx: authed(request), id: request.params.id }),
  );

  app.put(
    '/users/:id',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        params: UserIdParams,
        body: UpdateUserInput,
        response: { 200: z.object({ message: z.string(), user: Profile }) },
      },
    },
    (request) => users.update({ ctx: authed(request), id: request.params.id, input: request.body }),
  );

  app.delete(
    '/users/:id',
    {
      onRequest: app.requireRole('Admin'),
      schema: { ...common, params: UserIdParams, response: { 200: MessageAnswer } },
    },
    (request) => users.remove({ ctx: authed(request), id: request.params.id }),
  );
};
