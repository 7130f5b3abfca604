import {
  addLegendIfNone,
  asc,
  desc,
  eq,
  farmerSubscriptions,
  indices,
  inArray,
  legends,
  planIndices,
  subscriptionIndexUsage,
  type Db,
  type DefaultLegendRow,
  type InferSelectModel,
  type LocalizedText,
  type Recommendation,
} from '@filaha/db';
import type { SubscriptionState } from '@filaha/shared';
import { hasSqlState, isReferencedError, SQL_STATE } from '../../lib/sql-state.ts';

export type IndexRecord = InferSelectModel<typeof indices>;
export type LegendRecord = InferSelectModel<typeof legends>;
export interface IndexWithLegends extends IndexRecord {
  legends: LegendRecord[];
}

export interface IndexValues {
  code: string;
  name: string;
  description: LocalizedText;
  recommendations: Recommendation[];
}

export type DuplicateField = 'code' | 'indiceName';
export type WriteOutcome =
  | { ok: true; index: IndexRecord }
  | { ok: false; reason: 'duplicate'; field: DuplicateField }
  | { ok: false; reason: 'not_found' };

/** Which unique column a 23505 hit (pg and PGlite both report the constraint name). */
function duplicateField(error: unknown): DuplicateField {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint.includes('code') ? 'code' : 'indiceName';
  }
  return 'indiceName';
}

export function createIndicesRepository(db: Db) {
  async function withLegends(rows: IndexRecord[]): Promise<IndexWithLegends[]> {
    const ids = rows.map((r) => r.id);
    const legendRows = ids.length
      ? await db
          .select()
          .from(legends)
          .where(inArray(legends.indexId, ids))
          .orderBy(asc(legends.indexId), asc(legends.intervalStart))
      : [];
    return rows.map((row) => ({ ...row, legends: legendRows.filter((l) => l.indexId === row.id) }));
  }

  async function write(run: () => Promise<IndexRecord[]>): Promise<WriteOutcome> {
    try {
      const [index] = await run();
      return index ? { ok: true, index } : { ok: false, reason: 'not_found' };
    } catch (error) {
      if (hasSqlState(error, SQL_STATE.uniqueViolation))
        return { ok: false, reason: 'duplicate', field: duplicateField(error) };
      throw error;
    }
  }

  return {
    async list(): Promise<IndexWithLegends[]> {
      return withLegends(await db.select().from(indices).orderBy(asc(indices.id)));
    },

    async findById(id: number): Promise<IndexWithLegends | undefined> {
      const rows = await db.select().from(indices).where(eq(indices.id, id));
      return (await withLegends(rows))[0];
    },

    /** Indices of a plan (with the requests it grants), each with its legend. */
    async ofPlan(planId: number): Promise<Array<IndexWithLegends & { requestCount: number }>> {
      const rows = await db
        .select({ index: indices, requestCount: planIndices.requestCount })
        .from(planIndices)
        .innerJoin(indices, eq(indices.id, planIndices.indexId))
        .where(eq(planIndices.planId, planId))
        .orderBy(asc(indices.id));
      const full = await withLegends(rows.map((r) => r.index));
      return full.map((index, i) => ({ ...index, requestCount: rows[i]?.requestCount ?? 0 }));
    },

    /** The index and, in the same transaction, its default legend rows (`legend`, the engine's for its code). */
    create: (values: IndexValues, legend: readonly DefaultLegendRow[] = []) =>
      write(() =>
        db.transaction(async (tx) => {
          const rows = await tx.insert(indices).values(values).returning();
          if (rows[0]) await addLegendIfNone(tx, rows[0].id, legend);
          return rows;
        }),
      ),

    /**
     * `legendFor(code)`: the default legend of a new code. When the patch gives the index another code and it has
     * no legend rows, they are added in the same transaction; an index with rows keeps them.
     */
    update: (id: number, patch: Partial<IndexValues>, legendFor?: (code: string) => readonly DefaultLegendRow[]) =>
      write(() =>
        db.transaction(async (tx) => {
          const [before] = await tx
            .select({ code: indices.code })
            .from(indices)
            .where(eq(indices.id, id))
            .for('update');
          if (!before) return [];
          const rows = await tx.update(indices).set(patch).where(eq(indices.id, id)).returning();
          if (legendFor && patch.code !== undefined && patch.code !== before.code)
            await addLegendIfNone(tx, id, legendFor(patch.code));
          return rows;
        }),
      ),

    /**
     * Refused while a plan grants it or a subscription used it (quota rows, produced images): those rows
     * would lose meaning. Otherwise its legend goes with it (CASCADE). Checked and deleted in one transaction.
     */
    async remove(id: number): Promise<'deleted' | 'not_found' | 'assigned' | 'used'> {
      try {
        return await db.transaction(async (tx) => {
          const [target] = await tx.select({ id: indices.id }).from(indices).where(eq(indices.id, id)).for('update');
          if (!target) return 'not_found';
          const [assigned] = await tx
            .select({ id: planIndices.planId })
            .from(planIndices)
            .where(eq(planIndices.indexId, id))
            .limit(1);
          if (assigned) return 'assigned';
          await tx.delete(indices).where(eq(indices.id, id));
          return 'deleted';
        });
      } catch (error) {
        // Usage rows and results RESTRICT the delete.
        if (isReferencedError(error)) return 'used';
        throw error;
      }
    },

    /** The farmer's subscriptions, newest first: the SPEC's config needs the active one (or why there is none). */
    subscriptionsOf(userId: number): Promise<Array<{ id: number; planId: number; state: SubscriptionState }>> {
      return db
        .select({ id: farmerSubscriptions.id, planId: farmerSubscriptions.planId, state: farmerSubscriptions.state })
        .from(farmerSubscriptions)
        .where(eq(farmerSubscriptions.userId, userId))
        .orderBy(desc(farmerSubscriptions.subscribedAt), desc(farmerSubscriptions.id));
    },

    /** Usage rows of a subscription keyed by index (for the config's remaining counts). */
    async usageOf(subscriptionId: number): Promise<Map<number, { total: number; used: number }>> {
      const rows = await db
        .select({
          indexId: subscriptionIndexUsage.indexId,
          total: subscriptionIndexUsage.total,
          used: subscriptionIndexUsage.used,
        })
        .from(subscriptionIndexUsage)
        .where(eq(subscriptionIndexUsage.subscriptionId, subscriptionId));
      return new Map(rows.map((r) => [r.indexId, { total: r.total, used: r.used }]));
    },
  };
}

export type IndicesRepository = ReturnType<typeof createIndicesRepository>;
