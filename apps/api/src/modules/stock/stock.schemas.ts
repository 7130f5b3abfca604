import { MOVEMENT_DIRECTIONS, MOVEMENT_KINDS, STOCK_ITEM_KINDS, STOCK_UNITS } from '@filaha/shared';
import { z } from 'zod';

export const IdParams = z.object({ id: z.coerce.number().int().positive() });

export const StockItem = z.object({
  id: z.number().int(),
  name: z.string(),
  unit: z.enum(STOCK_UNITS),
  kind: z.enum(STOCK_ITEM_KINDS),
  /** Current stock: Σ entries − Σ exits of all its movements (computed, never stored). */
  stock: z.number(),
  movementCount: z.number().int(),
  createdAt: z.string(),
});
export type StockItem = z.infer<typeof StockItem>;

export const StockMovement = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  unit: z.enum(STOCK_UNITS),
  direction: z.enum(MOVEMENT_DIRECTIONS),
  kind: z.enum(MOVEMENT_KINDS),
  quantity: z.number(),
  unitPrice: z.number(),
  /** quantity × unitPrice, rounded to the centime. */
  total: z.number(),
  date: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof StockMovement>;

export const SummaryItem = z.object({
  id: z.number().int(),
  name: z.string(),
  unit: z.enum(STOCK_UNITS),
  kind: z.enum(STOCK_ITEM_KINDS),
  entries: z.number(),
  exits: z.number(),
  difference: z.number(),
  stock: z.number(),
  purchasesValue: z.number(),
  salesValue: z.number(),
});

export const StockSummary = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  items: z.array(SummaryItem),
  totals: z.object({ purchasesValue: z.number(), salesValue: z.number() }),
});
export type StockSummary = z.infer<typeof StockSummary>;

export const DeleteItemQuery = z.object({
  /** `true` deletes the item's movements with it; otherwise an item with movements is refused (409 IN_USE). */
  withMovements: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).default(false),
});

export const ItemDeleted = z.object({ message: z.string(), deletedMovements: z.number().int() });
export const MovementDeleted = z.object({ message: z.string(), movement: StockMovement });
