import { and, asc, eq, gt, indices, legends, lt, ne, sql, type Db, type Tx } from '@filaha/db';
import { hasSqlState, SQL_STATE } from '../../lib/sql-state.ts';
import type { LegendRecord } from './indices.repository.ts';

export interface LegendValues {
  indexId: number;
  intervalStart: number;
  intervalEnd: number;
  color: string;
  descriptionFr: string;
  descriptionAr: string;
}

export type LegendOutcome =
  { ok: true; legend: LegendRecord } | { ok: false; reason: 'overlap' | 'missing_index' | 'not_found' };

/** [start, end) intervals overlap when each starts before the other ends (same rule as the exclusion constraint). */
function overlapping(tx: Tx, v: LegendValues, exceptId?: number) {
  return tx
    .select({ id: legends.id })
    .from(legends)
    .where(
      and(
        eq(legends.indexId, v.indexId),
        lt(legends.intervalStart, v.intervalEnd),
        gt(legends.intervalEnd, v.intervalStart),
        exceptId === undefined ? undefined : ne(legends.id, exceptId),
      ),
    )
    .limit(1);
}

/** Keeps `position` equal to the order of the intervals, so every reader of the legend agrees on it. */
async function renumber(tx: Tx, indexId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE ${legends} SET position = ordered.rank
    FROM (SELECT id, (row_number() OVER (ORDER BY interval_start) - 1)::int AS rank FROM ${legends} WHERE index_id = ${indexId}) AS ordered
    WHERE ${legends.id} = ordered.id`);
}

export function createLegendsRepository(db: Db) {
  /**
   * Check, write and renumber in one transaction with the index row locked, so two admins cannot add
   * overlapping intervals at once; the deferred exclusion constraint is the backstop at commit.
   */
  async function write(
    values: LegendValues,
    run: (tx: Tx) => Promise<LegendRecord | undefined>,
    moved?: { id: number; fromIndexId: number },
  ) {
    try {
      return await db.transaction(async (tx): Promise<LegendOutcome> => {
        const [index] = await tx
          .select({ id: indices.id })
          .from(indices)
          .where(eq(indices.id, values.indexId))
          .for('update');
        if (!index) return { ok: false, reason: 'missing_index' };
        const [clash] = await overlapping(tx, values, moved?.id);
        if (clash) return { ok: false, reason: 'overlap' };
        const legend = await run(tx);
        if (!legend) return { ok: false, reason: 'not_found' };
        await renumber(tx, values.indexId);
        if (moved && moved.fromIndexId !== values.indexId) await renumber(tx, moved.fromIndexId);
        return { ok: true, legend };
      });
    } catch (error) {
      if (hasSqlState(error, SQL_STATE.exclusionViolation)) return { ok: false, reason: 'overlap' } as const;
      throw error;
    }
  }

  return {
    list(indexId?: number): Promise<LegendRecord[]> {
      return db
        .select()
        .from(legends)
        .where(indexId === undefined ? undefined : eq(legends.indexId, indexId))
        .orderBy(asc(legends.indexId), asc(legends.intervalStart));
    },

    async findById(id: number): Promise<LegendRecord | undefined> {
      const [row] = await db.select().from(legends).where(eq(legends.id, id));
      return row;
    },

    create(values: LegendValues): Promise<LegendOutcome> {
      return write(values, async (tx) => (await tx.insert(legends).values(values).returning())[0]);
    },

    /** `fromIndexId`: the index the legend belonged to, renumbered too when the legend moves to another. */
    update(id: number, fromIndexId: number, values: LegendValues): Promise<LegendOutcome> {
      const run = async (tx: Tx) => (await tx.update(legends).set(values).where(eq(legends.id, id)).returning())[0];
      return write(values, run, { id, fromIndexId });
    },

    async remove(id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [deleted] = await tx.delete(legends).where(eq(legends.id, id)).returning({ indexId: legends.indexId });
        if (!deleted) return false;
        await renumber(tx, deleted.indexId);
        return true;
      });
    },
  };
}

export type LegendsRepository = ReturnType<typeof createLegendsRepository>;
