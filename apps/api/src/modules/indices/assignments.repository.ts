import { and, asc, eq, indices, planIndices, plans, type Db } from '@filaha/db';
import { hasSqlState, SQL_STATE } from '../../lib/sql-state.ts';

export interface AssignmentRecord {
  planId: number;
  indexId: number;
  requestCount: number;
  planName: string;
  indexName: string;
}

const key = (planId: number, indexId: number) => and(eq(planIndices.planId, planId), eq(planIndices.indexId, indexId));

/**
 * Plan ↔ index assignments (SPEC "AbonnementIndice"): how many requests a plan grants per index. The counts
 * are copied into a subscription's usage rows when it is activated, so later edits apply to new activations
 * only and never change a quota already granted.
 */
export function createAssignmentsRepository(db: Db) {
  const select = () =>
    db
      .select({
        planId: planIndices.planId,
        indexId: planIndices.indexId,
        requestCount: planIndices.requestCount,
        planName: plans.name,
        indexName: indices.name,
      })
      .from(planIndices)
      .innerJoin(plans, eq(plans.id, planIndices.planId))
      .innerJoin(indices, eq(indices.id, planIndices.indexId));

  return {
    list(): Promise<AssignmentRecord[]> {
      return select().orderBy(asc(plans.id), asc(indices.id));
    },

    async find(planId: number, indexId: number): Promise<AssignmentRecord | undefined> {
      const [row] = await select().where(key(planId, indexId));
      return row;
    },

    /** The primary key (plan, index) makes "already exists" race-safe. */
    async create(planId: number, indexId: number, requestCount: number): Promise<'created' | 'duplicate' | 'missing'> {
      try {
        await db.insert(planIndices).values({ planId, indexId, requestCount });
        return 'created';
      } catch (error) {
        if (hasSqlState(error, SQL_STATE.uniqueViolation)) return 'duplicate';
        if (hasSqlState(error, SQL_STATE.foreignKeyViolation)) return 'missing';
        throw error;
      }
    },

    async update(planId: number, indexId: number, requestCount: number): Promise<boolean> {
      const rows = await db
        .update(planIndices)
        .set({ requestCount })
        .where(key(planId, indexId))
        .returning({ planId: planIndices.planId });
      return rows.length > 0;
    },

    async remove(planId: number, indexId: number): Promise<boolean> {
      const rows = await db.delete(planIndices).where(key(planId, indexId)).returning({ planId: planIndices.planId });
      return rows.length > 0;
    },

    /** Which referenced rows are missing, to name the wrong field. */
    async missing(planId: number, indexId: number) {
      const [plan, index] = await Promise.all([
        db.select({ id: plans.id }).from(plans).where(eq(plans.id, planId)),
        db.select({ id: indices.id }).from(indices).where(eq(indices.id, indexId)),
      ]);
      return { plan: plan.length === 0, index: index.length === 0 };
    },
  };
}

export type AssignmentsRepository = ReturnType<typeof createAssignmentsRepository>;
