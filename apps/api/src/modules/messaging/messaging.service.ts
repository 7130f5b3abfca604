import type { ConversationInput, MessageInput, MessagePageQuery } from '@filaha/shared';
import type { AuthedCtx } from '../../context.ts';
import { AppError, NotFoundError, ValidationError } from '../../core/errors.ts';
import type { BlocksRepository } from './blocks.repository.ts';
import type { LiveEvents } from './live-events.ts';
import type { ConversationRow, MessageRecord, MessagingRepository } from './messaging.repository.ts';
import type { Conversation, ConversationMessage as Message } from '@filaha/shared/contracts';

const iso = (value: string | Date): string => new Date(value).toISOString();

export function toMessage(m: MessageRecord): Message {
  return {
    id: m.id,
    conversationId: m.conversationId,
    senderId: m.senderId,
    text: m.text,
    createdAt: m.createdAt.toISOString(),
    readAt: m.readAt ? m.readAt.toISOString() : null,
  };
}

function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    participant: { id: row.other_id, userName: row.other_name, roleName: row.other_role },
    publication:
      row.publication_id !== null && row.product_name !== null
        ? { id: row.publication_id, productName: row.product_name }
        : null,
    lastMessage:
      row.last_id !== null && row.last_sender_id !== null && row.last_text !== null && row.last_created_at !== null
        ? { id: row.last_id, senderId: row.last_sender_id, text: row.last_text, createdAt: iso(row.last_created_at) }
        : null,
    unreadCount: Number(row.unread),
    updatedAt: iso(row.last_message_at),
    blockedByMe: row.blocked_by_me,
    canSend: !row.blocked_by_me && !row.blocked_me,
  };
}

/** 403 BLOCKED; the issue tells the screen which side blocked (it may offer "unblock" for its own block). */
function blockedError(byMe: boolean): AppError {
  const issue = byMe
    ? { path: 'userId', code: 'blocked_by_you', message: 'messaging.blockedByYou' }
    : { path: 'userId', code: 'blocked_by_them', message: 'messaging.blockedByThem' };
  return new AppError('BLOCKED', { issues: [issue] });
}

export interface MessagingDeps {
  repo: MessagingRepository;
  blocks: BlocksRepository;
  live: LiveEvents;
}

/**
 * Conversations between two users. Only the two participants see a conversation: for anyone else it does not
 * exist (404, never 403, so ids cannot be probed). A block stops new messages in both directions — the
 * blocked user is told BLOCKED — while the conversation stays readable.
 */
export function createMessagingService({ repo, blocks, live }: MessagingDeps) {
  async function participantOf(ctx: AuthedCtx, conversationId: number) {
    const conversation = await repo.findForParticipant(conversationId, ctx.actor.id);
    if (!conversation) throw new NotFoundError();
    const other = conversation.userLowId === ctx.actor.id ? conversation.userHighId : conversation.userLowId;
    return { conversation, other };
  }

  async function summary(ctx: AuthedCtx, id: number): Promise<Conversation> {
    const row = await repo.summary(ctx.actor.id, id);
    if (!row) throw new NotFoundError();
    return toConversation(row);
  }

  /** Which block stops `me` from writing to `other`, if any. */
  async function blockBetween(me: number, other: number): Promise<AppError | null> {
    if (await repo.isBlocked(me, other)) return blockedError(true);
    if (await repo.isBlocked(other, me)) return blockedError(false);
    return null;
  }

  return {
    async list(ctx: AuthedCtx): Promise<Conversation[]> {
      return (await repo.list(ctx.actor.id)).map(toConversation);
    },

    /** The pair's existing conversation, or a new one (then `created`). A block refuses only a NEW one. */
    async open(ctx: AuthedCtx, input: ConversationInput): Promise<{ created: boolean; conversation: Conversation }> {
      const me = ctx.actor.id;
      if (input.userId === me) {
        throw new ValidationError([{ path: 'userId', code: 'self', message: 'validation.selfConversation' }]);
      }
      if (!(await repo.userExists(input.userId))) {
        throw new ValidationError([
          { path: 'userId', code: 'unknown_reference', message: 'validation.unknownReference' },
        ]);
      }
      if (input.publicationId !== undefined) {
        // The product must be the other user's: "contact the seller" of that publication.
        const owner = await repo.publicationOwner(input.publicationId);
        if (owner !== input.userId) {
          throw new ValidationError([
            { path: 'publicationId', code: 'unknown_reference', message: 'validation.unknownReference' },
          ]);
        }
      }
      const existing = await repo.findByPair(me, input.userId);
      if (!existing) {
        const blocked = await blockBetween(me, input.userId);
        if (blocked) throw blocked;
      }
      const { id, created } = await repo.open(me, input.userId, input.publicationId ?? null);
      return { created, conversation: await summary(ctx, id) };
    },

    async messages(ctx: AuthedCtx, id: number, query: MessagePageQuery) {
      await participantOf(ctx, id);
      const rows = await repo.page(id, query.before, query.limit);
      const hasMore = rows.length > query.limit;
      return { items: rows.slice(0, query.limit).reverse().map(toMessage), hasMore };
    },

    async send(ctx: AuthedCtx, id: number, input: MessageInput): Promise<Message> {
      const { other } = await participantOf(ctx, id);
      const blocked = await blockBetween(ctx.actor.id, other);
      if (blocked) throw blocked;
      const message = toMessage(await repo.addMessage(id, ctx.actor.id, input.text));
      // Both participants: the recipient sees it arrive, the sender's other tabs and devices too.
      await live.publish({ type: 'message', users: [other, ctx.actor.id], conversationId: id, message });
      return message;
    },

    async markRead(ctx: AuthedCtx, id: number) {
      const { other } = await participantOf(ctx, id);
      const { count, readAt } = await repo.markRead(id, ctx.actor.id);
      if (count > 0) {
        await live.publish({
          type: 'read',
          users: [other, ctx.actor.id],
          conversationId: id,
          readerId: ctx.actor.id,
          readAt: readAt.toISOString(),
        });
      }
      return { marked: count, unreadCount: await repo.unreadCount(ctx.actor.id) };
    },

    async unreadCount(ctx: AuthedCtx) {
      return { count: await repo.unreadCount(ctx.actor.id) };
    },

    async block(ctx: AuthedCtx, userId: number) {
      if (userId === ctx.actor.id) {
        throw new ValidationError([{ path: 'id', code: 'self', message: 'validation.selfBlock' }]);
      }
      if (!(await repo.userExists(userId))) throw new NotFoundError();
      const added = await blocks.block(ctx.actor.id, userId);
      return { created: added, answer: { blocked: true } };
    },

    async unblock(ctx: AuthedCtx, userId: number) {
      await blocks.unblock(ctx.actor.id, userId);
      return { blocked: false };
    },

    async blocks(ctx: AuthedCtx) {
      return (await blocks.list(ctx.actor.id)).map((b) => ({ ...b, createdAt: b.createdAt.toISOString() }));
    },
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
