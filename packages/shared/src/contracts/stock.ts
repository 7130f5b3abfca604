import { z } from 'zod';
import {
  MOVEMENT_DIRECTIONS,
  MOVEMENT_KINDS,
  STOCK_ITEM_KINDS,
  STOCK_UNITS,
  StockExportQuery,
  StockItemInput,
  StockMovementInput,
  StockMovementListQuery,
  StockPeriodQuery,
} from '../social.ts';
import { route } from './contract.ts';
import { NegativeStockDetails } from './error-bodies.ts';

export const StockIdParams = z.object({ id: z.coerce.number().int().positive() });

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

export const StockSummaryItem = z.object({
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
  items: z.array(StockSummaryItem),
  totals: z.object({ purchasesValue: z.number(), salesValue: z.number() }),
});
export type StockSummary = z.infer<typeof StockSummary>;

export const StockDeleteItemQuery = z.object({
  /** `true` deletes the item's movements with it; otherwise an item with movements is refused (409 IN_USE). */
  withMovements: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).default(false),
});

export const StockItemDeleted = z.object({ message: z.string(), deletedMovements: z.number().int() });
export const StockMovementDeleted = z.object({ message: z.string(), movement: StockMovement });

const stockRoute = { tags: ['stock'], auth: true } as const;

/**
 * `/stock/*`: a farmer's (User) or seller's own stock. Every route is owner-only — a caller never sees or
 * touches another account's items, whatever the role.
 */
export const stockContract = {
  items: route({
    ...stockRoute,
    method: 'GET',
    path: '/stock/items',
    responses: { 200: z.array(StockItem) },
    errors: ['FORBIDDEN'],
  }),
  createItem: route({
    ...stockRoute,
    method: 'POST',
    path: '/stock/items',
    body: StockItemInput,
    responses: { 201: StockItem },
    errors: ['FORBIDDEN', 'CONFLICT'],
  }),
  updateItem: route({
    ...stockRoute,
    method: 'PUT',
    path: '/stock/items/:id',
    params: StockIdParams,
    body: StockItemInput,
    responses: { 200: StockItem },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  deleteItem: route({
    ...stockRoute,
    method: 'DELETE',
    path: '/stock/items/:id',
    params: StockIdParams,
    query: StockDeleteItemQuery,
    responses: { 200: StockItemDeleted },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'IN_USE'],
  }),
  movements: route({
    ...stockRoute,
    method: 'GET',
    path: '/stock/movements',
    query: StockMovementListQuery,
    responses: { 200: z.array(StockMovement) },
    errors: ['FORBIDDEN'],
  }),
  addMovement: route({
    ...stockRoute,
    method: 'POST',
    path: '/stock/movements',
    body: StockMovementInput,
    responses: { 201: StockMovement },
    errors: ['FORBIDDEN', 'STOCK_NEGATIVE'],
    errorBodies: { STOCK_NEGATIVE: NegativeStockDetails },
  }),
  deleteMovement: route({
    ...stockRoute,
    method: 'DELETE',
    path: '/stock/movements/:id',
    params: StockIdParams,
    responses: { 200: StockMovementDeleted },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'STOCK_NEGATIVE'],
    errorBodies: { STOCK_NEGATIVE: NegativeStockDetails },
  }),
  summary: route({
    ...stockRoute,
    method: 'GET',
    path: '/stock/summary',
    query: StockPeriodQuery,
    responses: { 200: StockSummary },
    errors: ['FORBIDDEN'],
  }),
  /**
   * The movements as a CSV file (`text/csv`, an attachment), not JSON: the API registers it without a response
   * schema (so the OpenAPI document lists no JSON body) and the web downloads it with a plain fetch; `z.string()`
   * only says the body is text.
   */
  exportCsv: route({
    ...stockRoute,
    method: 'GET',
    path: '/stock/export.csv',
    query: StockExportQuery,
    responses: { 200: z.string() },
    errors: ['FORBIDDEN'],
  }),
};
