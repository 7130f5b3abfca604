import { FarmerSubscriptionInput, SubscriptionStateInput, UsageRowsInput } from '@filaha/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedCtxOf as authed } from '../../context.ts';
import {
  IdParams,
  MessageAnswer,
  MessageWithSubscription,
  Subscription,
  SubscriptionIdParams,
  SubscriptionWithUser,
  Usage,
  UsageCreated,
  UserIdParams,
} from './subscriptions.schemas.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

/**
 * Farmer subscriptions (SPEC "AbonnementUser") and usage ("AbonnementUserIndice"). Farmers subscribe and read
 * their own; Admin and Manager read all and switch the state; only Admin deletes.
 */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{ subscriptions: SubscriptionsService }> = async (
  app,
  { subscriptions },
) => {
  const schema = { tags: ['subscriptions'], security: [{ bearer: [] }] };
  const staff = app.requireRole('Admin', 'Manager');

  app.get(
    '/abonnementUser/user/:userId/status',
    {
      onRequest: app.authenticate,
      schema: { ...schema, params: UserIdParams, response: { 200: z.array(Subscription) } },
    },
    (request) => subscriptions.statusOf({ ctx: authed(request), userId: request.params.userId }),
  );

  app.get(
    '/abonnementUser',
    { onRequest: staff, schema: { ...schema, response: { 200: z.array(SubscriptionWithUser) } } },
    () => subscriptions.listAll(),
  );

  app.post(
    '/abonnementUser',
    {
      onRequest: app.requireRole('User'),
      schema: { ...schema, body: FarmerSubscriptionInput, response: { 201: MessageWithSubscription } },
    },
    async (request, reply) =>
      reply.code(201).send(await subscriptions.subscribe({ ctx: authed(request), input: request.body })),
  );

  app.put(
    '/abonnementUser/:id',
    {
      onRequest: staff,
      schema: { ...schema, params: IdParams, body: SubscriptionStateInput, response: { 200: MessageWithSubscription } },
    },
    (request) => subscriptions.setState({ ctx: authed(request), id: request.params.id, etat: request.body.etat }),
  );

  app.delete(
    '/abonnementUser/:id',
    { onRequest: app.requireRole('Admin'), schema: { ...schema, params: IdParams, response: { 200: MessageAnswer } } },
    (request) => subscriptions.remove({ ctx: authed(request), id: request.params.id }),
  );

  app.get(
    '/abonnementUserIndice/restReq/:abonnementUserId/indices-restants',
    {
      onRequest: app.authenticate,
      schema: { ...schema, params: SubscriptionIdParams, response: { 200: z.array(Usage) } },
    },
    (request) => subscriptions.remaining({ ctx: authed(request), id: request.params.abonnementUserId }),
  );

  app.post(
    '/abonnementUserIndice/indices',
    { onRequest: staff, schema: { ...schema, body: UsageRowsInput, response: { 200: UsageCreated } } },
    (request) => subscriptions.createUsage({ ctx: authed(request), input: request.body }),
  );
};
