import { z } from 'zod';
import { ConversationInput, MessageInput, MessagePageQuery } from '../social.ts';
import { IdParams } from './common.ts';
import { route } from './contract.ts';

export const ConversationParticipant = z.object({
  id: z.number().int(),
  userName: z.string(),
  roleName: z.string(),
});

export const ConversationMessage = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  senderId: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  /** When the recipient marked it read; null while unread. */
  readAt: z.string().nullable(),
});
export type ConversationMessage = z.infer<typeof ConversationMessage>;

export const Conversation = z.object({
  id: z.number().int(),
  participant: ConversationParticipant,
  /** The product the conversation was (last) opened from, if any. */
  publication: z.object({ id: z.number().int(), productName: z.string() }).nullable(),
  lastMessage: ConversationMessage.omit({ conversationId: true, readAt: true }).nullable(),
  unreadCount: z.number().int(),
  /** Time of the last message (or of the creation while empty). */
  updatedAt: z.string(),
  /** I blocked the other participant. */
  blockedByMe: z.boolean(),
  /** False when either participant blocked the other (posting answers 403 BLOCKED). */
  canSend: z.boolean(),
});
export type Conversation = z.infer<typeof Conversation>;

export const MessagePage = z.object({
  /** Oldest first, so a page renders top to bottom as is. */
  items: z.array(ConversationMessage),
  /** Older messages remain: ask again with `before` = the first item's id. */
  hasMore: z.boolean(),
});

export const ConversationReadAnswer = z.object({ marked: z.number().int(), unreadCount: z.number().int() });
export const UnreadCountAnswer = z.object({ count: z.number().int() });
export const StreamTicketAnswer = z.object({ ticket: z.string(), expiresIn: z.number().int() });
/** The ticket is opaque to clients (a signed token of about 230 characters today). */
export const StreamQuery = z.object({ ticket: z.string().min(1).max(1000) });

/**
 * The events of GET /conversations/stream that carry data, by event name: each `data:` line is the JSON of its schema
 * (sent by apps/api modules/messaging/live-events.ts; `ready` only says the stream is open). The web reads them
 * through lib/client.ts `streamEventData`, typed by these and checked against them in development and tests.
 */
export const StreamEvents = {
  message: z.object({ conversationId: z.number().int(), message: ConversationMessage }),
  read: z.object({ conversationId: z.number().int(), readerId: z.number().int(), readAt: z.string() }),
};
export type StreamEventName = keyof typeof StreamEvents;
export type StreamEventData<E extends StreamEventName> = z.output<(typeof StreamEvents)[E]>;

export const BlockedUser = z.object({
  userId: z.number().int(),
  userName: z.string(),
  roleName: z.string(),
  createdAt: z.string(),
});
export type BlockedUser = z.infer<typeof BlockedUser>;
export const BlockAnswer = z.object({ blocked: z.boolean() });

const messagingRoute = { tags: ['messaging'], auth: true } as const;

/** Conversations, messages, the event stream and blocks. Every route needs a signed-in caller (any role). */
export const messagingContract = {
  list: route({
    ...messagingRoute,
    method: 'GET',
    path: '/conversations',
    responses: { 200: z.array(Conversation) },
    errors: [],
  }),
  open: route({
    ...messagingRoute,
    method: 'POST',
    path: '/conversations',
    body: ConversationInput,
    responses: { 200: Conversation, 201: Conversation },
    errors: ['NOT_FOUND'],
  }),
  unreadCount: route({
    ...messagingRoute,
    method: 'GET',
    path: '/conversations/unread-count',
    responses: { 200: UnreadCountAnswer },
    errors: [],
  }),
  messages: route({
    ...messagingRoute,
    method: 'GET',
    path: '/conversations/:id/messages',
    params: IdParams,
    query: MessagePageQuery,
    responses: { 200: MessagePage },
    errors: ['NOT_FOUND'],
  }),
  send: route({
    ...messagingRoute,
    method: 'POST',
    path: '/conversations/:id/messages',
    params: IdParams,
    body: MessageInput,
    responses: { 201: ConversationMessage },
    errors: ['NOT_FOUND'],
  }),
  markRead: route({
    ...messagingRoute,
    method: 'POST',
    path: '/conversations/:id/read',
    params: IdParams,
    responses: { 200: ConversationReadAnswer },
    errors: ['NOT_FOUND'],
  }),
  streamTicket: route({
    ...messagingRoute,
    method: 'POST',
    path: '/conversations/stream-ticket',
    responses: { 200: StreamTicketAnswer },
    errors: [],
  }),
  /**
   * The server-sent event stream (`text/event-stream`, opened by EventSource, which cannot send headers: the
   * one-use ticket stands in for the Bearer token). The API registers it without a response schema (the answer is
   * hijacked and never serialized); `z.string()` only says the body is text, and its events' data are
   * `StreamEvents`. Not for the web's `call`.
   */
  stream: route({
    method: 'GET',
    path: '/conversations/stream',
    tags: ['messaging'],
    auth: false,
    query: StreamQuery,
    responses: { 200: z.string() },
    errors: ['UNAUTHENTICATED'],
  }),
  blocks: route({
    ...messagingRoute,
    method: 'GET',
    path: '/blocks',
    responses: { 200: z.array(BlockedUser) },
    errors: [],
  }),
  block: route({
    ...messagingRoute,
    method: 'POST',
    path: '/users/:id/block',
    params: IdParams,
    responses: { 200: BlockAnswer, 201: BlockAnswer },
    errors: ['NOT_FOUND'],
  }),
  unblock: route({
    ...messagingRoute,
    method: 'DELETE',
    path: '/users/:id/block',
    params: IdParams,
    responses: { 200: BlockAnswer },
    errors: [],
  }),
};
