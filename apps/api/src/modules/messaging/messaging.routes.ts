import { SOCIAL_LIMITS } from '@filaha/shared';
import { messagingContract as contract } from '@filaha/shared/contracts';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import { RateLimitedError, UnauthenticatedError } from '../../core/errors.ts';
import { openEventStream, type EventHub } from './event-stream.ts';
import type { MessagingService } from './messaging.service.ts';
import type { StreamTickets } from './stream-tickets.ts';

export interface MessagingRoutesOptions {
  service: MessagingService;
  hub: EventHub;
  tickets: StreamTickets;
  /** Whether a ticket's user still exists when the stream opens. */
  userExists: (id: number) => Promise<boolean>;
  heartbeatMs: number;
}

/** Conversations, messages, the event stream and blocks. Every route needs a signed-in caller (any role). */
export const messagingRoutes: FastifyPluginAsyncZod<MessagingRoutesOptions> = async (app, options) => {
  const { service, hub, tickets, userExists, heartbeatMs } = options;
  const onRequest = app.authenticate;

  // Per sender, across conversations; createRateLimit because the /api limit already ran for this request.
  const limiter = app.createRateLimit({
    max: SOCIAL_LIMITS.messageRate.max,
    timeWindow: SOCIAL_LIMITS.messageRate.windowMs,
    keyGenerator: (request) => `message:${request.user?.id ?? request.ip}`,
  });
  const messageRate: preHandlerAsyncHookHandler = async (request) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) throw new RateLimitedError(result.ttlInSeconds);
  };

  app.route({
    ...fromContract(contract.list),
    onRequest,
    handler: (request) => service.list(authed(request)),
  });

  app.route({
    ...fromContract(contract.open),
    onRequest,
    handler: async (request, reply) => {
      const { created, conversation } = await service.open(authed(request), request.body);
      return reply.code(created ? 201 : 200).send(conversation);
    },
  });

  app.route({
    ...fromContract(contract.unreadCount),
    onRequest,
    handler: (request) => service.unreadCount(authed(request)),
  });

  app.route({
    ...fromContract(contract.messages),
    onRequest,
    handler: (request) => service.messages(authed(request), request.params.id, request.query),
  });

  app.route({
    ...fromContract(contract.send),
    onRequest,
    preHandler: messageRate,
    handler: async (request, reply) =>
      reply.code(201).send(await service.send(authed(request), request.params.id, request.body)),
  });

  app.route({
    ...fromContract(contract.markRead),
    onRequest,
    handler: (request) => service.markRead(authed(request), request.params.id),
  });

  app.route({
    ...fromContract(contract.streamTicket),
    onRequest,
    handler: async (request) => {
      const { ticket } = await tickets.issue(authed(request).actor.id);
      return { ticket, expiresIn: SOCIAL_LIMITS.streamTicketTtlSeconds };
    },
  });

  // EventSource cannot send headers: the one-use ticket stands in for the Bearer token. Any process accepts it.
  // The answer is hijacked (an event stream, never serialized): registered without the contract's response schema.
  const stream = fromContract(contract.stream);
  const { response: _text, ...streamSchema } = stream.schema;
  app.route({
    ...stream,
    // The OpenAPI document shows the contract's answer under this type (plugins/docs.ts).
    schema: { ...streamSchema, produces: ['text/event-stream'] },
    handler: async (request, reply) => {
      const userId = await tickets.redeem(request.query.ticket);
      if (userId === undefined || !(await userExists(userId))) throw new UnauthenticatedError();
      reply.hijack();
      const events = openEventStream(reply.raw, userId, { heartbeatMs, onClose: () => hub.remove(events) });
      hub.add(events);
      events.send('ready', { userId });
    },
  });

  app.route({
    ...fromContract(contract.blocks),
    onRequest,
    handler: (request) => service.blocks(authed(request)),
  });

  app.route({
    ...fromContract(contract.block),
    onRequest,
    handler: async (request, reply) => {
      const { created, answer } = await service.block(authed(request), request.params.id);
      return reply.code(created ? 201 : 200).send(answer);
    },
  });

  app.route({
    ...fromContract(contract.unblock),
    onRequest,
    handler: (request) => service.unblock(authed(request), request.params.id),
  });
};
