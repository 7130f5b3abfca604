import { z } from 'zod';

export const IdParams = z.object({ id: z.coerce.number().int().positive() });

export const Participant = z.object({ id: z.number().int(), userName: z.string(), roleName: z.string() });

export const Message = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  senderId: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  /** When the recipient marked it read; null while unread. */
  readAt: z.string().nullable(),
});
export type Message = z.infer<typeof Message>;

export const Conversation = z.object({
  id: z.number().int(),
  participant: Participant,
  /** The product the conversation was (last) opened from, if any. */
  publication: z.object({ id: z.number().int(), productName: z.string() }).nullable(),
  lastMessage: Message.omit({ conversationId: true, readAt: true }).nullable(),
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
  items: z.array(Message),
  /** Older messages remain: ask again with `before` = the first item's id. */
  hasMore: z.boolean(),
});

export const ReadAnswer = z.object({ marked: z.number().int(), unreadCount: z.number().int() });
export const CountAnswer = z.object({ count: z.number().int() });
export const TicketAnswer = z.object({ ticket: z.string(), expiresIn: z.number().int() });
/** The ticket is opaque to clients (a signed token of about 230 characters today). */
export const StreamQuery = z.object({ ticket: z.string().min(1).max(1000) });

export const BlockedUser = z.object({
  userId: z.number().int(),
  userName: z.string(),
  roleName: z.string(),
  createdAt: z.string(),
});
export const BlockAnswer = z.object({ blocked: z.boolean() });
