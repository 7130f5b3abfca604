import {
  AssignFunctionalityInput,
  AssignSellerFunctionalityInput,
  FunctionalityInput,
  PlanInput,
} from '@filaha/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedCtxOf as authed, ctxOf } from '../../context.ts';
import type { FunctionalitiesService } from './functionalities.service.ts';
import { Functionality, IdParams, MessageAnswer, Plan, PlanDetails } from './plans.schemas.ts';
import type { PlansService } from './plans.service.ts';

export interface PlansRoutesOptions {
  plans: PlansService;
  functionalities: FunctionalitiesService;
}

/** Plans and functionalities. Catalogue reads are public (the offers page shows them); writes are Admin only. */
export const plansRoutes: FastifyPluginAsyncZod<PlansRoutesOptions> = async (app, { plans, functionalities }) => {
  const tags = ['plans'];
  const admin = { onRequest: app.requireRole('Admin') };
  const secured = { tags, security: [{ bearer: [] }] };

  app.get('/abonnement', { schema: { tags, response: { 200: z.array(Plan) } } }, (request) =>
    plans.list({ ctx: ctxOf(request) }),
  );

  // The earlier clients used both spellings of the "detailed" path; they answer the same.
  for (const url of [
    '/abonnement/details',
    '/abonnementFonctionnality/detailed',
    '/abonnementFonctionality/detailed',
  ]) {
    app.get(url, { schema: { tags, response: { 200: z.array(PlanDetails) } } }, (request) =>
      plans.details({ ctx: ctxOf(request) }),
    );
  }

  app.post(
    '/abonnement',
    { ...admin, schema: { ...secured, body: PlanInput, response: { 201: Plan } } },
    async (request, reply) => {
      const created = await plans.create({ ctx: authed(request), input: request.body });
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/abonnement/:id',
    { ...admin, schema: { ...secured, params: IdParams, body: PlanInput, response: { 200: Plan } } },
    (request) => plans.update({ ctx: authed(request), id: request.params.id, input: request.body }),
  );

  app.delete(
    '/abonnement/:id',
    { ...admin, schema: { ...secured, params: IdParams, response: { 200: MessageAnswer } } },
    (request) => plans.remove({ ctx: authed(request), id: request.params.id }),
  );

  app.get('/fonctionnality', { schema: { tags, response: { 200: z.array(Functionality) } } }, () =>
    functionalities.list(),
  );

  app.post(
    '/fonctionnality',
    { ...admin, schema: { ...secured, body: FunctionalityInput, response: { 201: Functionality } } },
    async (request, reply) => reply.code(201).send(await functionalities.create({ input: request.body })),
  );

  app.put(
    '/fonctionnality/:id',
    { ...admin, schema: { ...secured, params: IdParams, body: FunctionalityInput, response: { 200: Functionality } } },
    (request) => functionalities.update({ id: request.params.id, input: request.body }),
  );

  app.post(
    '/abonnementFonctionnality',
    { ...admin, schema: { ...secured, body: AssignFunctionalityInput, response: { 201: MessageAnswer } } },
    async (request, reply) =>
      reply.code(201).send(await functionalities.assignToPlan({ ctx: authed(request), input: request.body })),
  );

  app.post(
    '/sellerAbonnementFonctionality',
    { ...admin, schema: { ...secured, body: AssignSellerFunctionalityInput, response: { 201: MessageAnswer } } },
    async (request, reply) =>
      reply.code(201).send(await functionalities.assignToSellerPlan({ ctx: authed(request), input: request.body })),
  );
};
