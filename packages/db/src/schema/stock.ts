import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MovementDirection, MovementKind, StockItemKind, StockUnit } from '@filaha/shared';
import { users } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';

/**
 * A product or input a farmer (or seller) keeps in stock. The quantity in stock is never stored: it is the sum
 * of the item's movements. Names are unique per owner, ignoring case. Gone with the owner (CASCADE).
 */
export const stockItems = pgTable(
  'stock_items',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    unit: text('unit').$type<StockUnit>().notNull(),
    kind: text('kind').$type<StockItemKind>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_items_owner_name_unique').on(t.userId, sql`lower(${t.name})`),
    check('stock_items_kind', sql`${t.kind} IN ('product', 'input')`),
    check('stock_items_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 80`),
  ],
);

/**
 * An entry or exit of an item. CASCADE from the item only so that deleting the owner works; the API refuses
 * to delete an item that has movements unless asked to delete them with it. Kind and direction must agree
 * (a purchase enters, a sale leaves; an adjustment goes either way).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    itemId: integer('item_id')
      .notNull()
      .references(() => stockItems.id, { onDelete: 'cascade' }),
    direction: text('direction').$type<MovementDirection>().notNull(),
    kind: text('kind').$type<MovementKind>().notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    /** DA per unit. */
    unitPrice: numeric('unit_price', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    date: date('date', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_item_date_idx').on(t.itemId, t.date, t.id),
    check('stock_movements_direction', sql`${t.direction} IN ('in', 'out')`),
    check(
      'stock_movements_kind_direction',
      sql`(${t.kind} IN ('purchase', 'production') AND ${t.direction} = 'in')
        OR (${t.kind} IN ('sale', 'consumption') AND ${t.direction} = 'out')
        OR ${t.kind} = 'adjustment'`,
    ),
    check('stock_movements_quantity_positive', sql`${t.quantity} > 0`),
    check('stock_movements_price_non_negative', sql`${t.unitPrice} >= 0`),
  ],
);
