import { legendsContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed, ctxOf } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import type { AssignmentsService } from './assignments.service.ts';
import type { LegendsService } from './legends.service.ts';

export interface LegendRoutesOptions {
  legends: LegendsService;
  assignments: AssignmentsService;
}

/** Legends (SPEC "Legende") and plan ↔ index assignments ("AbonnementIndice"): public reads, Admin writes. */
export const legendsRoutes: FastifyPluginAsyncZod<LegendRoutesOptions> = async (app, { legends, assignments }) => {
  const admin = app.requireRole('Admin');

  app.route({
    ...fromContract(contract.list),
    handler: (request) => legends.list({ ctx: ctxOf(request), indexId: request.query.indiceId }),
  });

  app.route({
    ...fromContract(contract.create),
    onRequest: admin,
    handler: async (request, reply) =>
      reply.code(201).send(await legends.create({ ctx: authed(request), input: request.body })),
  });

  app.route({
    ...fromContract(contract.update),
    onRequest: admin,
    handler: (request) => legends.update({ ctx: authed(request), id: request.params.id, input: request.body }),
  });

  app.route({
    ...fromContract(contract.remove),
    onRequest: admin,
    handler: (request) => legends.remove({ ctx: authed(request), id: request.params.id }),
  });

  app.route({
    ...fromContract(contract.assignments),
    handler: () => assignments.list(),
  });

  app.route({
    ...fromContract(contract.assign),
    onRequest: admin,
    handler: async (request, reply) =>
      reply.code(201).send(await assignments.create({ ctx: authed(request), input: request.body })),
  });

  const keyOf = (p: { abonnementId: number; indiceId: number }) => ({ planId: p.abonnementId, indexId: p.indiceId });

  app.route({
    ...fromContract(contract.updateAssignment),
    onRequest: admin,
    handler: (request) => assignments.update({ ctx: authed(request), key: keyOf(request.params), input: request.body }),
  });

  app.route({
    ...fromContract(contract.removeAssignment),
    onRequest: admin,
    handler: (request) => assignments.remove({ ctx: authed(request), key: keyOf(request.params) }),
  });
};
