import { and, eq, sql, stockItems, stockMovements, type Db, type SQL, type Tx } from '@filaha/db';
import type {
  MovementDirection,
  MovementKind,
  StockItemInput,
  StockItemKind,
  StockMovementInput,
  StockMovementListQuery,
  StockUnit,
} from '@filaha/shared';

/** Raw rows: numeric sums come back as text and are turned into numbers by the service. */
export interface ItemRow extends Record<string, unknown> {
  id: number;
  name: string;
  unit: StockUnit;
  kind: StockItemKind;
  created_at: string | Date;
  stock: string;
  movement_count: number;
}

export interface MovementRow extends Record<string, unknown> {
  id: number;
  item_id: number;
  item_name: string;
  unit: StockUnit;
  direction: MovementDirection;
  kind: MovementKind;
  quantity: string;
  unit_price: string;
  total: string;
  date: string;
  note: string;
  created_at: string | Date;
}

export interface SummaryRow extends Record<string, unknown> {
  id: number;
  name: string;
  unit: StockUnit;
  kind: StockItemKind;
  entries: string;
  exits: string;
  stock: string;
  purchases_value: string;
  sales_value: string;
}

export interface Period {
  from?: string;
  to?: string;
}

/** Where the running stock first goes below zero, if it does. */
export interface Shortfall {
  date: string;
  /** The (negative) stock at the end of that day. */
  balance: string;
}

export type MovementOutcome<T> =
  { ok: true; value: T } | { ok: false; reason: 'not_found' } | ({ ok: false; reason: 'negative' } & Shortfall);

const inPeriod = (p: Period, column: SQL) =>
  sql`${p.from ? sql`${column} >= ${p.from}::date` : sql`true`} AND ${p.to ? sql`${column} <= ${p.to}::date` : sql`true`}`;

const movementSelect = sql`
  SELECT m.id, m.item_id, i.name AS item_name, i.unit, m.direction, m.kind, m.quantity::text AS quantity,
         m.unit_price::text AS unit_price, round(m.quantity * m.unit_price, 2)::text AS total,
         to_char(m.date, 'YYYY-MM-DD') AS date, m.note, m.created_at
    FROM stock_movements m JOIN stock_items i ON i.id = m.item_id`;

/**
 * The first day on which the item's stock would be negative, with `change` applied: movements are dated by
 * day and a day's entries count before its exits, so "never negative at any point" means every end-of-day
 * running balance is ≥ 0. Arithmetic stays in numeric (exact decimals).
 */
async function firstShortfall(
  tx: Tx,
  itemId: number,
  change: { add?: { date: string; signed: string }; excludeId?: number },
): Promise<Shortfall | undefined> {
  const added = change.add ? sql`UNION ALL SELECT ${change.add.date}::date, ${change.add.signed}::numeric` : sql``;
  const result = await tx.execute<{ date: string; balance: string }>(sql`
    WITH m AS (
      SELECT date, CASE WHEN direction = 'in' THEN quantity ELSE -quantity END AS q
        FROM stock_movements WHERE item_id = ${itemId} AND id <> ${change.excludeId ?? 0}
      ${added}
    ), days AS (SELECT date, sum(q) AS q FROM m GROUP BY date),
    running AS (SELECT date, sum(q) OVER (ORDER BY date) AS balance FROM days)
    SELECT to_char(date, 'YYYY-MM-DD') AS date, balance::text AS balance
      FROM running WHERE balance < 0 ORDER BY date LIMIT 1`);
  return result.rows[0];
}

/** Locks the owner's item row for the rest of the transaction: movements of one item are checked one at a time. */
async function lockItem(tx: Tx, userId: number, itemId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: stockItems.id })
    .from(stockItems)
    .where(and(eq(stockItems.id, itemId), eq(stockItems.userId, userId)))
    .for('update');
  return row !== undefined;
}

export function createStockRepository(db: Db) {
  const movementsWhere = async (where: SQL, order: SQL) =>
    (await db.execute<MovementRow>(sql`${movementSelect} WHERE ${where} ORDER BY ${order}`)).rows;

  return {
    async items(userId: number, itemId?: number): Promise<ItemRow[]> {
      const result = await db.execute<ItemRow>(sql`
        SELECT i.id, i.name, i.unit, i.kind, i.created_at,
               coalesce(sum(CASE WHEN m.direction = 'in' THEN m.quantity ELSE -m.quantity END), 0)::text AS stock,
               count(m.id)::int AS movement_count
          FROM stock_items i LEFT JOIN stock_movements m ON m.item_id = i.id
         WHERE i.user_id = ${userId} ${itemId === undefined ? sql`` : sql`AND i.id = ${itemId}`}
         GROUP BY i.id ORDER BY lower(i.name), i.id`);
      return result.rows;
    },

    async createItem(userId: number, input: StockItemInput): Promise<number> {
      const [row] = await db
        .insert(stockItems)
        .values({ ...input, userId })
        .returning({ id: stockItems.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    async updateItem(userId: number, id: number, input: StockItemInput): Promise<boolean> {
      const updated = await db
        .update(stockItems)
        .set(input)
        .where(and(eq(stockItems.id, id), eq(stockItems.userId, userId)))
        .returning({ id: stockItems.id });
      return updated.length > 0;
    },

    /** Deletes the item; with movements only when `withMovements` (they go with it, in one transaction). */
    async deleteItem(
      userId: number,
      id: number,
      withMovements: boolean,
    ): Promise<
      { ok: true; movements: number } | { ok: false; reason: 'not_found' | 'has_movements'; movements: number }
    > {
      return db.transaction(async (tx) => {
        if (!(await lockItem(tx, userId, id))) return { ok: false, reason: 'not_found', movements: 0 };
        const [counted] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(stockMovements)
          .where(eq(stockMovements.itemId, id));
        const movements = Number(counted?.n ?? 0);
        if (movements > 0 && !withMovements) return { ok: false, reason: 'has_movements', movements };
        await tx.delete(stockItems).where(eq(stockItems.id, id));
        return { ok: true, movements };
      });
    },

    movements(userId: number, q: StockMovementListQuery): Promise<MovementRow[]> {
      const filters = [sql`i.user_id = ${userId}`, inPeriod(q, sql`m.date`)];
      if (q.itemId !== undefined) filters.push(sql`m.item_id = ${q.itemId}`);
      if (q.direction) filters.push(sql`m.direction = ${q.direction}`);
      if (q.kind) filters.push(sql`m.kind = ${q.kind}`);
      return movementsWhere(sql.join(filters, sql` AND `), sql`m.date DESC, m.id DESC`);
    },

    /** Chronological, for the CSV export. */
    chronological(userId: number, p: Period): Promise<MovementRow[]> {
      return movementsWhere(sql`i.user_id = ${userId} AND ${inPeriod(p, sql`m.date`)}`, sql`m.date, m.id`);
    },

    async movement(userId: number, id: number): Promise<MovementRow | undefined> {
      return (await movementsWhere(sql`i.user_id = ${userId} AND m.id = ${id}`, sql`m.id`))[0];
    },

    /** Records a movement with the item locked; an exit that would make the stock negative is not written. */
    async addMovement(userId: number, input: StockMovementInput): Promise<MovementOutcome<number>> {
      return db.transaction(async (tx) => {
        if (!(await lockItem(tx, userId, input.itemId))) return { ok: false, reason: 'not_found' } as const;
        if (input.direction === 'out') {
          const shortfall = await firstShortfall(tx, input.itemId, {
            add: { date: input.date, signed: `-${input.quantity}` },
          });
          if (shortfall) return { ok: false, reason: 'negative', ...shortfall } as const;
        }
        const [row] = await tx
          .insert(stockMovements)
          .values({
            itemId: input.itemId,
            direction: input.direction,
            kind: input.kind,
            quantity: input.quantity,
            unitPrice: input.unitPrice,
            date: input.date,
            note: input.note,
          })
          .returning({ id: stockMovements.id });
        if (!row) throw new Error('insert returned no row');
        return { ok: true, value: row.id } as const;
      });
    },

    /** Deletes a movement with its item locked; removing an entry must not leave the stock negative later. */
    async deleteMovement(userId: number, id: number): Promise<MovementOutcome<MovementRow>> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({ itemId: stockMovements.itemId })
          .from(stockMovements)
          .innerJoin(stockItems, eq(stockItems.id, stockMovements.itemId))
          .where(and(eq(stockMovements.id, id), eq(stockItems.userId, userId)));
        if (!found || !(await lockItem(tx, userId, found.itemId))) return { ok: false, reason: 'not_found' } as const;
        // Re-read under the lock: a parallel delete may have removed it meanwhile.
        const current = (await tx.execute<MovementRow>(sql`${movementSelect} WHERE m.id = ${id}`)).rows[0];
        if (!current) return { ok: false, reason: 'not_found' } as const;
        if (current.direction === 'in') {
          const shortfall = await firstShortfall(tx, found.itemId, { excludeId: id });
          if (shortfall) return { ok: false, reason: 'negative', ...shortfall } as const;
        }
        await tx.delete(stockMovements).where(eq(stockMovements.id, id));
        return { ok: true, value: current } as const;
      });
    },

    /**
     * Per item: entries, exits, purchase and sale values inside the period; stock at the end of the period
     * (all movements up to `to`, or all of them). Items without movements show zeros.
     */
    async summary(userId: number, p: Period): Promise<SummaryRow[]> {
      const within = inPeriod(p, sql`m.date`);
      const upTo = p.to ? sql`m.date <= ${p.to}::date` : sql`true`;
      const result = await db.execute<SummaryRow>(sql`
        SELECT i.id, i.name, i.unit, i.kind,
               coalesce(sum(m.quantity) FILTER (WHERE m.direction = 'in' AND ${within}), 0)::text AS entries,
               coalesce(sum(m.quantity) FILTER (WHERE m.direction = 'out' AND ${within}), 0)::text AS exits,
               coalesce(sum(CASE WHEN m.direction = 'in' THEN m.quantity ELSE -m.quantity END)
                        FILTER (WHERE ${upTo}), 0)::text AS stock,
               round(coalesce(sum(m.quantity * m.unit_price) FILTER (WHERE m.kind = 'purchase' AND ${within}), 0), 2)::text
                 AS purchases_value,
               round(coalesce(sum(m.quantity * m.unit_price) FILTER (WHERE m.kind = 'sale' AND ${within}), 0), 2)::text
                 AS sales_value
          FROM stock_items i LEFT JOIN stock_movements m ON m.item_id = i.id
         WHERE i.user_id = ${userId}
         GROUP BY i.id ORDER BY lower(i.name), i.id`);
      return result.rows;
    },
  };
}

export type StockRepository = ReturnType<typeof createStockRepository>;
