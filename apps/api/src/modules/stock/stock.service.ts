import type { StockItemInput, StockMovementInput, StockMovementListQuery, StockPeriodQuery } from '@filaha/shared';
import type { AuthedCtx } from '../../context.ts';
import { AppError, conflict, NotFoundError, ValidationError } from '../../core/errors.ts';
import type { Language } from '../../i18n/messages.ts';
import { hasSqlState, SQL_STATE } from '../../lib/sql-state.ts';
import { algiersToday } from '../../core/time.ts';
import { movementsCsv, stockText } from './stock-csv.ts';
import type { ItemRow, MovementRow, Shortfall, StockRepository } from './stock.repository.ts';
import type { NegativeStockIssue, StockItem, StockMovement, StockSummary } from '@filaha/shared/contracts';

const iso = (value: string | Date): string => new Date(value).toISOString();

function toItem(r: ItemRow): StockItem {
  return {
    id: r.id,
    name: r.name,
    unit: r.unit,
    kind: r.kind,
    stock: Number(r.stock),
    movementCount: Number(r.movement_count),
    createdAt: iso(r.created_at),
  };
}

function toMovement(r: MovementRow): StockMovement {
  return {
    id: r.id,
    itemId: r.item_id,
    itemName: r.item_name,
    unit: r.unit,
    direction: r.direction,
    kind: r.kind,
    quantity: Number(r.quantity),
    unitPrice: Number(r.unit_price),
    total: Number(r.total),
    date: r.date,
    note: r.note,
    createdAt: iso(r.created_at),
  };
}

/** The refusal of an exit or an entry deletion: the first day the stock would be negative, and by how much. */
function negativeStock(path: string, s: Shortfall): AppError {
  const issue: NegativeStockIssue = {
    path,
    code: 'negative_stock',
    message: 'stock.negativeStock',
    date: s.date,
    shortfall: -Number(s.balance),
  };
  return new AppError('STOCK_NEGATIVE', { issues: [issue] });
}

const unknownItem = () =>
  new ValidationError([{ path: 'itemId', code: 'unknown_reference', message: 'validation.unknownReference' }]);

/**
 * Stock management: every route works on the caller's own items only (someone else's item is "not found").
 * The quantity in stock is always computed from the movements.
 */
export function createStockService(repo: StockRepository) {
  async function item(userId: number, id: number): Promise<StockItem> {
    const [row] = await repo.items(userId, id);
    if (!row) throw new NotFoundError();
    return toItem(row);
  }

  /** A duplicate name (same owner, any case) answers 409 CONFLICT `duplicate` on `name`. */
  async function unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (hasSqlState(error, SQL_STATE.uniqueViolation)) throw conflict('duplicate', 'name');
      throw error;
    }
  }

  return {
    async items(ctx: AuthedCtx): Promise<StockItem[]> {
      return (await repo.items(ctx.actor.id)).map(toItem);
    },

    async createItem(ctx: AuthedCtx, input: StockItemInput): Promise<StockItem> {
      const id = await unique(() => repo.createItem(ctx.actor.id, input));
      return item(ctx.actor.id, id);
    },

    async updateItem(ctx: AuthedCtx, id: number, input: StockItemInput): Promise<StockItem> {
      const updated = await unique(() => repo.updateItem(ctx.actor.id, id, input));
      if (!updated) throw new NotFoundError();
      return item(ctx.actor.id, id);
    },

    async deleteItem(ctx: AuthedCtx, id: number, withMovements: boolean) {
      const result = await repo.deleteItem(ctx.actor.id, id, withMovements);
      if (!result.ok && result.reason === 'not_found') throw new NotFoundError();
      if (!result.ok) {
        throw new AppError('IN_USE', {
          issues: [{ path: 'id', code: 'has_movements', message: 'stock.itemHasMovements' }],
        });
      }
      return { message: stockText('itemDeleted', ctx.lang), deletedMovements: result.movements };
    },

    async movements(ctx: AuthedCtx, query: StockMovementListQuery): Promise<StockMovement[]> {
      return (await repo.movements(ctx.actor.id, query)).map(toMovement);
    },

    async addMovement(ctx: AuthedCtx, input: StockMovementInput): Promise<StockMovement> {
      // A stock records what happened: a movement dated after today (Algerian calendar) is a typing mistake.
      if (input.date > algiersToday()) {
        throw new ValidationError([{ path: 'date', code: 'future_date', message: 'validation.futureDate' }]);
      }
      const outcome = await repo.addMovement(ctx.actor.id, input);
      if (!outcome.ok && outcome.reason === 'not_found') throw unknownItem();
      if (!outcome.ok && outcome.reason === 'negative') throw negativeStock('quantity', outcome);
      if (!outcome.ok) throw new Error('unexpected outcome');
      const row = await repo.movement(ctx.actor.id, outcome.value);
      if (!row) throw new Error('movement vanished after insert');
      return toMovement(row);
    },

    async deleteMovement(ctx: AuthedCtx, id: number) {
      const outcome = await repo.deleteMovement(ctx.actor.id, id);
      if (!outcome.ok && outcome.reason === 'not_found') throw new NotFoundError();
      if (!outcome.ok && outcome.reason === 'negative') throw negativeStock('id', outcome);
      if (!outcome.ok) throw new Error('unexpected outcome');
      return { message: stockText('movementDeleted', ctx.lang), movement: toMovement(outcome.value) };
    },

    async summary(ctx: AuthedCtx, period: StockPeriodQuery): Promise<StockSummary> {
      const items = (await repo.summary(ctx.actor.id, period)).map((r) => {
        const entries = Number(r.entries);
        const exits = Number(r.exits);
        return {
          id: r.id,
          name: r.name,
          unit: r.unit,
          kind: r.kind,
          entries,
          exits,
          // Rounded to the 3 decimals quantities have, so 0.3 − 0.1 does not show binary noise.
          difference: Math.round((entries - exits) * 1000) / 1000,
          stock: Number(r.stock),
          purchasesValue: Number(r.purchases_value),
          salesValue: Number(r.sales_value),
        };
      });
      const total = (pick: (i: (typeof items)[number]) => number) =>
        Math.round(items.reduce((sum, i) => sum + pick(i), 0) * 100) / 100;
      return {
        from: period.from ?? null,
        to: period.to ?? null,
        items,
        totals: { purchasesValue: total((i) => i.purchasesValue), salesValue: total((i) => i.salesValue) },
      };
    },

    async exportCsv(ctx: AuthedCtx, period: StockPeriodQuery, lang: Language) {
      const rows = (await repo.chronological(ctx.actor.id, period)).map(toMovement);
      const name = `stock_${period.from ?? 'all'}_${period.to ?? algiersToday()}.csv`;
      return { filename: name, body: movementsCsv(rows, lang) };
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;
