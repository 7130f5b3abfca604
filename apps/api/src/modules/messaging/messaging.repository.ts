import {
  and,
  conversations,
  desc,
  eq,
  isNull,
  lt,
  messages,
  ne,
  or,
  publications,
  roles,
  sql,
  userBlocks,
  users,
  type Db,
  type InferSelectModel,
} from '@filaha/db';

export type MessageRecord = InferSelectModel<typeof messages>;
export type ConversationRecord = InferSelectModel<typeof conversations>;

/** One row of the conversation list, as raw SQL answers it (timestamps may come back as text). */
export interface ConversationRow extends Record<string, unknown> {
  id: number;
  publication_id: number | null;
  product_name: string | null;
  last_message_at: string | Date;
  other_id: number;
  other_name: string;
  other_role: string;
  last_id: number | null;
  last_sender_id: number | null;
  last_text: string | null;
  last_created_at: string | Date | null;
  unread: number;
  blocked_by_me: boolean;
  blocked_me: boolean;
}

const pair = (a: number, b: number) => ({ userLowId: Math.min(a, b), userHighId: Math.max(a, b) });

export function createMessagingRepository(db: Db) {
  /** My conversations (or one of them) with the other participant, last message, unread count and blocks. */
  const summaries = async (me: number, conversationId?: number) =>
    (
      await db.execute<ConversationRow>(sql`
        SELECT c.id, c.publication_id, p.product_name, c.last_message_at,
               o.id AS other_id, o.user_name AS other_name, r.name AS other_role,
               lm.id AS last_id, lm.sender_id AS last_sender_id, lm.text AS last_text, lm.created_at AS last_created_at,
               (SELECT count(*)::int FROM messages u
                 WHERE u.conversation_id = c.id AND u.sender_id <> ${me} AND u.read_at IS NULL) AS unread,
               EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = ${me} AND b.blocked_id = o.id) AS blocked_by_me,
               EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = o.id AND b.blocked_id = ${me}) AS blocked_me
          FROM conversations c
          JOIN users o ON o.id = CASE WHEN c.user_low_id = ${me} THEN c.user_high_id ELSE c.user_low_id END
          JOIN roles r ON r.id = o.role_id
          LEFT JOIN publications p ON p.id = c.publication_id
          LEFT JOIN LATERAL (
            SELECT m.id, m.sender_id, m.text, m.created_at FROM messages m
             WHERE m.conversation_id = c.id ORDER BY m.id DESC LIMIT 1
          ) lm ON true
         WHERE (c.user_low_id = ${me} OR c.user_high_id = ${me})
           ${conversationId === undefined ? sql`` : sql`AND c.id = ${conversationId}`}
         ORDER BY c.last_message_at DESC, c.id DESC`)
    ).rows;

  return {
    list: (me: number) => summaries(me),
    async summary(me: number, conversationId: number): Promise<ConversationRow | undefined> {
      return (await summaries(me, conversationId))[0];
    },

    async userExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
      return row !== undefined;
    },

    async userWithRole(id: number) {
      const [row] = await db
        .select({ id: users.id, userName: users.userName, roleName: roles.name })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.id, id));
      return row;
    },

    async publicationOwner(publicationId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ userId: publications.userId })
        .from(publications)
        .where(eq(publications.id, publicationId));
      return row?.userId;
    },

    /** The conversation if `me` takes part in it; undefined otherwise (the caller answers 404 either way). */
    async findForParticipant(conversationId: number, me: number): Promise<ConversationRecord | undefined> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(
          and(
            eq(conversations.id, conversationId),
            or(eq(conversations.userLowId, me), eq(conversations.userHighId, me)),
          ),
        );
      return row;
    },

    async findByPair(a: number, b: number): Promise<ConversationRecord | undefined> {
      const p = pair(a, b);
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.userLowId, p.userLowId), eq(conversations.userHighId, p.userHighId)));
      return row;
    },

    /**
     * The pair's conversation, created if missing. ON CONFLICT keeps it one per pair when both users start it
     * at the same moment. A publication given here becomes the conversation's subject.
     */
    async open(a: number, b: number, publicationId: number | null): Promise<{ id: number; created: boolean }> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(conversations)
          .values({ ...pair(a, b), publicationId })
          .onConflictDoNothing()
          .returning({ id: conversations.id });
        if (inserted) return { id: inserted.id, created: true };
        const p = pair(a, b);
        const [existing] = await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.userLowId, p.userLowId), eq(conversations.userHighId, p.userHighId)));
        if (!existing) throw new Error('conversation vanished during open');
        if (publicationId !== null) {
          await tx.update(conversations).set({ publicationId }).where(eq(conversations.id, existing.id));
        }
        return { id: existing.id, created: false };
      });
    },

    /** Whether `blocker` blocked `blocked` (one direction). */
    async isBlocked(blocker: number, blocked: number): Promise<boolean> {
      const [row] = await db
        .select({ blockerId: userBlocks.blockerId })
        .from(userBlocks)
        .where(and(eq(userBlocks.blockerId, blocker), eq(userBlocks.blockedId, blocked)));
      return row !== undefined;
    },

    /** Newest first, `limit + 1` rows so the caller knows whether older ones remain. */
    page(conversationId: number, before: number | undefined, limit: number): Promise<MessageRecord[]> {
      return db
        .select()
        .from(messages)
        .where(
          and(eq(messages.conversationId, conversationId), before === undefined ? undefined : lt(messages.id, before)),
        )
        .orderBy(desc(messages.id))
        .limit(limit + 1);
    },

    /** Inserts the message and moves the conversation to the top of both lists, in one transaction. */
    async addMessage(conversationId: number, senderId: number, text: string): Promise<MessageRecord> {
      return db.transaction(async (tx) => {
        const [message] = await tx.insert(messages).values({ conversationId, senderId, text }).returning();
        if (!message) throw new Error('insert returned no row');
        await tx
          .update(conversations)
          .set({ lastMessageAt: message.createdAt })
          .where(eq(conversations.id, conversationId));
        return message;
      });
    },

    async findMessage(id: number): Promise<MessageRecord | undefined> {
      const [message] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
      return message;
    },

    /** Marks the other participant's unread messages read; answers how many changed. */
    async markRead(conversationId: number, reader: number): Promise<{ count: number; readAt: Date }> {
      const readAt = new Date();
      const updated = await db
        .update(messages)
        .set({ readAt })
        .where(and(eq(messages.conversationId, conversationId), ne(messages.senderId, reader), isNull(messages.readAt)))
        .returning({ id: messages.id });
      return { count: updated.length, readAt };
    },

    async unreadCount(me: number): Promise<number> {
      const result = await db.execute<{ count: number }>(sql`
        SELECT count(*)::int AS count FROM messages m JOIN conversations c ON c.id = m.conversation_id
         WHERE (c.user_low_id = ${me} OR c.user_high_id = ${me}) AND m.sender_id <> ${me} AND m.read_at IS NULL`);
      return Number(result.rows[0]?.count ?? 0);
    },
  };
}

export type MessagingRepository = ReturnType<typeof createMessagingRepository>;
