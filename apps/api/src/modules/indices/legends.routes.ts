import { LegendInput, LegendUpdateInput, PlanIndexInput, PlanIndexUpdateInput } from '@filaha/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedCtxOf as authed, ctxOf } from '../../context.ts';
import type { AssignmentsService } from './assignments.service.ts';
import { Assignment, AssignmentParams, IdParams, Legend, LegendListQuery, MessageAnswer } from './indices.schemas.ts';
import type { LegendsService } from './legends.service.ts';

export interface LegendRoutesOptions {
  legends: LegendsService;
  assignments: AssignmentsService;
}

/** Legends (SPEC "Legende") and plan ↔ index assignments ("AbonnementIndice"): public reads, Admin writes. */
export const legendsRoutes: FastifyPluginAsyncZod<LegendRoutesOptions> = async (app, { legends, assignments }) => {
  const secured = (tag: string) => ({ tags: [tag], security: [{ bearer: [] }] });
  const admin = app.requireRole('Admin');

  app.get(
    '/legende',
    { schema: { tags: ['legends'], querystring: LegendListQuery, response: { 200: z.array(Legend) } } },
    (request) => legends.list({ ctx: ctxOf(request), indexId: request.query.indiceId }),
  );

  app.post(
    '/legende',
    { onRequest: admin, schema: { ...secured('legends'), body: LegendInput, response: { 201: Legend } } },
    async (request, reply) => reply.code(201).send(await legends.create({ ctx: authed(request), input: request.body })),
  );

  app.put(
    '/legende/:id',
    {
      onRequest: admin,
      schema: { ...secured('legends'), params: IdParams, body: LegendUpdateInput, response: { 200: Legend } },
    },
    (request) => legends.update({ ctx: authed(request), id: request.params.id, input: request.body }),
  );

  app.delete(
    '/legende/:id',
    { onRequest: admin, schema: { ...secured('legends'), params: IdParams, response: { 200: MessageAnswer } } },
    (request) => legends.remove({ ctx: authed(request), id: request.params.id }),
  );

  app.get('/abonnementIndice', { schema: { tags: ['assignments'], response: { 200: z.array(Assignment) } } }, () =>
    assignments.list(),
  );

  app.post(
    '/abonnementIndice',
    { onRequest: admin, schema: { ...secured('assignments'), body: PlanIndexInput, response: { 201: Assignment } } },
    async (request, reply) =>
      reply.code(201).send(await assignments.create({ ctx: authed(request), input: request.body })),
  );

  const keyOf = (p: { abonnementId: number; indiceId: number }) => ({ planId: p.abonnementId, indexId: p.indiceId });

  app.put(
    '/abonnementIndice/:abonnementId/:indiceId',
    {
      onRequest: admin,
      schema: {
        ...secured('assignments'),
        params: AssignmentParams,
        body: PlanIndexUpdateInput,
        response: { 200: Assignment },
      },
    },
    (request) => assignments.update({ ctx: authed(request), key: keyOf(request.params), input: request.body }),
  );

  app.delete(
    '/abonnementIndice/:abonnementId/:indiceId',
    {
      onRequest: admin,
      schema: { ...secured('assignments'), params: AssignmentParams, response: { 200: MessageAnswer } },
    },
    (request) => assignments.remove({ ctx: authed(request), key: keyOf(request.params) }),
  );
};
