import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id } from './columns.ts';
import { publications } from './marketplace.ts';

/**
 * A conversation between exactly two users. The pair is stored ordered (userLowId < userHighId) so that one
 * unique index makes "one conversation per pair" hold whoever starts it. Gone with either user (CASCADE).
 * `publicationId` is the product it was last opened from (SET NULL when that publication is deleted).
 * `lastMessageAt` orders the list (newest activity first); it starts at the creation time.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    userLowId: integer('user_low_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHighId: integer('user_high_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicationId: integer('publication_id').references(() => publications.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_unique').on(t.userLowId, t.userHighId),
    index('conversations_high_idx').on(t.userHighId),
    index('conversations_publication_idx').on(t.publicationId),
    check('conversations_pair_ordered', sql`${t.userLowId} < ${t.userHighId}`),
  ],
);

/**
 * Plain text (sanitised by the API, rendered as text by the web), 1–2000 code points. `readAt` is set when the
 * recipient marks the conversation read; unread = the other participant's messages with `readAt` NULL.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id.desc()),
    index('messages_sender_idx').on(t.senderId),
    // Unread counts only ever look at unread rows: a small partial index keeps the sidebar badge cheap.
    index('messages_unread_idx')
      .on(t.conversationId, t.senderId)
      .where(sql`${t.readAt} IS NULL`),
    check('messages_text_length', sql`char_length(${t.text}) BETWEEN 1 AND 2000`),
  ],
);

/** `blockerId` blocked `blockedId`: the blocked user's messages to the blocker are refused. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** Suggestions a user removed from their network page ("Remove"); durable until undone. */
export const networkHidden = pgTable(
  'network_hidden',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hiddenUserId: integer('hidden_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.hiddenUserId] }),
    index('network_hidden_hidden_idx').on(t.hiddenUserId),
    check('network_hidden_not_self', sql`${t.userId} <> ${t.hiddenUserId}`),
  ],
);
