import { ConversationInput, MessageInput, MessagePageQuery, SOCIAL_LIMITS } from '@filaha/shared';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedCtxOf as authed } from '../../context.ts';
import { RateLimitedError, UnauthenticatedError } from '../../core/errors.ts';
import { openEventStream, type EventHub } from './event-stream.ts';
import {
  BlockAnswer,
  BlockedUser,
  Conversation,
  CountAnswer,
  IdParams,
  Message,
  MessagePage,
  ReadAnswer,
  StreamQuery,
  TicketAnswer,
} from './messaging.schemas.ts';
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
  const tags = ['messaging'];
  const secured = { tags, security: [{ bearer: [] }] };
  const auth = { onRequest: app.authenticate };

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

  app.get('/conversations', { ...auth, schema: { ...secured, response: { 200: z.array(Conversation) } } }, (request) =>
    service.list(authed(request)),
  );

  app.post(
    '/conversations',
    { ...auth, schema: { ...secured, body: ConversationInput, response: { 200: Conversation, 201: Conversation } } },
    async (request, reply) => {
      const { created, conversation } = await service.open(authed(request), request.body);
      return reply.code(created ? 201 : 200).send(conversation);
    },
  );

  app.get(
    '/conversations/unread-count',
    { ...auth, schema: { ...secured, response: { 200: CountAnswer } } },
    (request) => service.unreadCount(authed(request)),
  );

  app.get(
    '/conversations/:id/messages',
    {
      ...auth,
      schema: { ...secured, params: IdParams, querystring: MessagePageQuery, response: { 200: MessagePage } },
    },
    (request) => service.messages(authed(request), request.params.id, request.query),
  );

  app.post(
    '/conversations/:id/messages',
    {
      ...auth,
      preHandler: messageRate,
      schema: { ...secured, params: IdParams, body: MessageInput, response: { 201: Message } },
    },
    async (request, reply) =>
      reply.code(201).send(await service.send(authed(request), request.params.id, request.body)),
  );

  app.post(
    '/conversations/:id/read',
    { ...auth, schema: { ...secured, params: IdParams, response: { 200: ReadAnswer } } },
    (request) => service.markRead(authed(request), request.params.id),
  );

  app.post(
    '/conversations/stream-ticket',
    { ...auth, schema: { ...secured, response: { 200: TicketAnswer } } },
    async (request) => {
      const { ticket } = await tickets.issue(authed(request).actor.id);
      return { ticket, expiresIn: SOCIAL_LIMITS.streamTicketTtlSeconds };
    },
  );

  // EventSource cannot send headers: the one-use ticket stands in for the Bearer token. Any process accepts it.
  app.get('/conversations/stream', { schema: { tags, querystring: StreamQuery } }, async (request, reply) => {
    const userId = await tickets.redeem(request.query.ticket);
    if (userId === undefined || !(await userExists(userId))) throw new UnauthenticatedError();
    reply.hijack();
    const stream = openEventStream(reply.raw, userId, { heartbeatMs, onClose: () => hub.remove(stream) });
    hub.add(stream);
    stream.send('ready', { userId });
  });

  app.get('/blocks', { ...auth, schema: { ...secured, response: { 200: z.array(BlockedUser) } } }, (request) =>
    service.blocks(authed(request)),
  );

  app.post(
    '/users/:id/block',
    { ...auth, schema: { ...secured, params: IdParams, response: { 200: BlockAnswer, 201: BlockAnswer } } },
    async (request, reply) => {
      const { created, answer } = await service.block(authed(request), request.params.id);
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  app.delete(
    '/users/:id/block',
    { ...auth, schema: { ...secured, params: IdParams, response: { 200: BlockAnswer } } },
    (request) => service.unblock(authed(request), request.params.id),
  );
};
