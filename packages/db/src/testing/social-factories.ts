import type { MovementDirection, MovementKind, StockItemKind, StockUnit } from '@filaha/shared';
import { conversations, messages, networkHidden, stockItems, stockMovements, userBlocks } from '../schema/index.ts';
import { toDb, uniqueSuffix, type DbLike } from './factories.ts';

/** Factories for messaging, stock and network rows (issue 7). Each call makes fresh rows. */

export interface CreateConversationOptions {
  /** The two participants, in any order. */
  userIds: readonly [number, number];
  publicationId?: number | null;
}

export async function createConversation(target: DbLike, options: CreateConversationOptions) {
  const [a, b] = options.userIds;
  if (a === b) throw new Error('createConversation: a conversation needs two different users');
  const [conversation] = await toDb(target)
    .insert(conversations)
    .values({ userLowId: Math.min(a, b), userHighId: Math.max(a, b), publicationId: options.publicationId ?? null })
    .returning();
  if (!conversation) throw new Error('createConversation: no row');
  return { conversation };
}

export interface CreateMessageOptions {
  conversationId: number;
  senderId: number;
  text?: string;
  readAt?: Date | null;
}

export async function createMessage(target: DbLike, options: CreateMessageOptions) {
  const [message] = await toDb(target)
    .insert(messages)
    .values({
      conversationId: options.conversationId,
      senderId: options.senderId,
      text: options.text ?? `Message ${uniqueSuffix()}`,
      readAt: options.readAt ?? null,
    })
    .returning();
  if (!message) throw new Error('createMessage: no row');
  return { message };
}

export async function blockUser(target: DbLike, options: { blockerId: number; blockedId: number }) {
  await toDb(target).insert(userBlocks).values(options).onConflictDoNothing();
}

export async function hideSuggestion(target: DbLike, options: { userId: number; hiddenUserId: number }) {
  await toDb(target).insert(networkHidden).values(options).onConflictDoNothing();
}

export interface CreateStockItemOptions {
  userId: number;
  name?: string;
  unit?: StockUnit;
  kind?: StockItemKind;
}

export async function createStockItem(target: DbLike, options: CreateStockItemOptions) {
  const [item] = await toDb(target)
    .insert(stockItems)
    .values({
      userId: options.userId,
      name: options.name ?? `Article ${uniqueSuffix()}`,
      unit: options.unit ?? 'kg',
      kind: options.kind ?? 'product',
    })
    .returning();
  if (!item) throw new Error('createStockItem: no row');
  return { item };
}

export interface CreateStockMovementOptions {
  itemId: number;
  direction?: MovementDirection;
  /** Default: purchase for an entry, sale for an exit. */
  kind?: MovementKind;
  quantity?: number;
  unitPrice?: number;
  /** 'YYYY-MM-DD'; default 2025-01-15. */
  date?: string;
  note?: string;
}

/** Inserts directly, WITHOUT the API's negative-stock check: for setting up data only. */
export async function createStockMovement(target: DbLike, options: CreateStockMovementOptions) {
  const direction = options.direction ?? 'in';
  const [movement] = await toDb(target)
    .insert(stockMovements)
    .values({
      itemId: options.itemId,
      direction,
      kind: options.kind ?? (direction === 'in' ? 'purchase' : 'sale'),
      quantity: options.quantity ?? 10,
      unitPrice: options.unitPrice ?? 0,
      date: options.date ?? '2025-01-15',
      note: options.note ?? '',
    })
    .returning();
  if (!movement) throw new Error('createStockMovement: no row');
  return { movement };
}
