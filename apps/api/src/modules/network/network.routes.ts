import { networkContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import type { NetworkService } from './network.service.ts';

/** `/network/*`: the suggestions page of farmers, sellers and investors (staff have no network). */
export const networkRoutes: FastifyPluginAsyncZod<{ service: NetworkService }> = async (app, { service }) => {
  const onRequest = app.requireRole('User', 'Seller', 'Investor');

  app.route({
    ...fromContract(contract.suggestions),
    onRequest,
    handler: (request) => service.suggestions(authed(request), request.query),
  });

  app.route({
    ...fromContract(contract.hidden),
    onRequest,
    handler: (request) => service.hidden(authed(request)),
  });

  app.route({
    ...fromContract(contract.hide),
    onRequest,
    handler: async (request, reply) => {
      const { created, answer } = await service.hide(authed(request), request.params.userId);
      return reply.code(created ? 201 : 200).send(answer);
    },
  });

  app.route({
    ...fromContract(contract.unhide),
    onRequest,
    handler: (request) => service.unhide(authed(request), request.params.userId),
  });
};
