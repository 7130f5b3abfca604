import { usersContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.route({
    ...fromContract(contract.profile),
    onRequest: app.authenticate,
    handler: (request) => users.profile({ ctx: authed(request) }),
  });

  app.route({
    ...fromContract(contract.ids),
    onRequest: app.authenticate,
    handler: (request) => users.ids({ ctx: authed(request) }),
  });

  app.route({
    ...fromContract(contract.list),
    onRequest: app.requireRole('Admin', 'Manager'),
    handler: (request) => users.list({ ctx: authed(request) }),
  });

  app.route({
    ...fromContract(contract.get),
    onRequest: app.authenticate,
    handler: (request) => users.get({ ctx: authed(request), id: request.params.id }),
  });

  app.route({
    ...fromContract(contract.update),
    onRequest: app.authenticate,
    handler: (request) => users.update({ ctx: authed(request), id: request.params.id, input: request.body }),
  });

  app.route({
    ...fromContract(contract.remove),
    onRequest: app.requireRole('Admin'),
    handler: (request) => users.remove({ ctx: authed(request), id: request.params.id }),
  });
};
