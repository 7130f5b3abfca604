import { LIMITS, SellerPlanInput, SellerSubscriptionInput, SubscriptionStateInput } from '@filaha/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedCtxOf as authed, ctxOf } from '../../context.ts';
import {
  CurrentSellerSubscription,
  IdParams,
  MessageAnswer,
  SellerPlan,
  SellerSubscriptionAnswer,
  SellerSubscriptionWithUser,
} from './seller-plans.schemas.ts';
import type { SellerPlansService } from './seller-plans.service.ts';

/** SPEC §5 says priority is required with a default of 1: an absent value takes the default. */
const SellerPlanBody = SellerPlanInput.extend({
  priority: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? LIMITS.sellerPriorityDefault : v),
    SellerPlanInput.shape.priority,
  ),
});

/**
 * Seller plans (`/sellerAbonnement`, also spelt `/sellerabonnement`) and seller subscriptions
 * (`/sellerAbonnementUser`). The catalogue is public; Seller and User (a farmer selling produce) subscribe.
 */
export const sellerPlansRoutes: FastifyPluginAsyncZod<{ service: SellerPlansService }> = async (app, { service }) => {
  const tags = ['seller plans'];
  const secured = { tags, security: [{ bearer: [] }] };
  const admin = { onRequest: app.requireRole('Admin') };
  const readers = { onRequest: app.requireRole('Admin', 'Manager') };

  for (const base of ['/sellerAbonnement', '/sellerabonnement']) {
    app.get(base, { schema: { tags, response: { 200: z.array(SellerPlan) } } }, () => service.listPlans());

    app.post(
      base,
      { ...admin, schema: { ...secured, body: SellerPlanBody, response: { 201: SellerPlan } } },
      async (request, reply) =>
        reply.code(201).send(await service.createPlan({ ctx: authed(request), input: request.body })),
    );

    app.put(
      `${base}/:id`,
      { ...admin, schema: { ...secured, params: IdParams, body: SellerPlanBody, response: { 200: SellerPlan } } },
      (request) => service.updatePlan({ ctx: authed(request), id: request.params.id, input: request.body }),
    );

    app.delete(
      `${base}/:id`,
      { ...admin, schema: { ...secured, params: IdParams, response: { 200: MessageAnswer } } },
      (request) => service.removePlan({ ctx: authed(request), id: request.params.id }),
    );
  }

  app.post(
    '/sellerAbonnementUser',
    {
      onRequest: app.requireRole('Seller', 'User'),
      schema: { ...secured, body: SellerSubscriptionInput, response: { 201: SellerSubscriptionAnswer } },
    },
    async (request, reply) =>
      reply.code(201).send(await service.subscribe({ ctx: authed(request), input: request.body })),
  );

  app.get(
    '/sellerAbonnementUser/current',
    { onRequest: app.authenticate, schema: { ...secured, response: { 200: CurrentSellerSubscription } } },
    (request) => service.current({ ctx: authed(request) }),
  );

  app.get(
    '/sellerAbonnementUser',
    { ...readers, schema: { ...secured, response: { 200: z.array(SellerSubscriptionWithUser) } } },
    (request) => service.listAll({ ctx: ctxOf(request) }),
  );

  app.put(
    '/sellerAbonnementUser/:id',
    {
      ...readers,
      schema: {
        ...secured,
        params: IdParams,
        body: SubscriptionStateInput,
        response: { 200: SellerSubscriptionAnswer },
      },
    },
    (request) => service.setState({ ctx: authed(request), id: request.params.id, etat: request.body.etat }),
  );

  app.delete(
    '/sellerAbonnementUser/:id',
    { ...admin, schema: { ...secured, params: IdParams, response: { 200: MessageAnswer } } },
    (request) => service.removeSubscription({ ctx: authed(request), id: request.params.id }),
  );
};
