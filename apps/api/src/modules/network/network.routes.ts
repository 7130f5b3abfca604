import { SuggestionQuery } from '@filaha/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedCtxOf as authed } from '../../context.ts';
import { HiddenAnswer, HiddenUser, Suggestion, UserIdParams } from './network.schemas.ts';
import type { NetworkService } from './network.service.ts';

/** `/network/*`: the suggestions page of farmers, sellers and investors (staff have no network). */
export const networkRoutes: FastifyPluginAsyncZod<{ service: NetworkService }> = async (app, { service }) => {
  const guard = { onRequest: app.requireRole('User', 'Seller', 'Investor') };
  const secured = { tags: ['network'], security: [{ bearer: [] }] };

  app.get(
    '/network/suggestions',
    { ...guard, schema: { ...secured, querystring: SuggestionQuery, response: { 200: z.array(Suggestion) } } },
    (request) => service.suggestions(authed(request), request.query),
  );

  app.get('/network/hidden', { ...guard, schema: { ...secured, response: { 200: z.array(HiddenUser) } } }, (request) =>
    service.hidden(authed(request)),
  );

  app.post(
    '/network/hidden/:userId',
    { ...guard, schema: { ...secured, params: UserIdParams, response: { 200: HiddenAnswer, 201: HiddenAnswer } } },
    async (request, reply) => {
      const { created, answer } = await service.hide(authed(request), request.params.userId);
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  app.delete(
    '/network/hidden/:userId',
    { ...guard, schema: { ...secured, params: UserIdParams, response: { 200: HiddenAnswer } } },
    (request) => service.unhide(authed(request), request.params.userId),
  );
};
