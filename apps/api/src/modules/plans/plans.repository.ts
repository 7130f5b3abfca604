import {
  asc,
  eq,
  functionalities,
  indices,
  inArray,
  planFunctionalities,
  planIndices,
  plans,
  type Db,
  type InferSelectModel,
  type LocalizedText,
  type Recommendation,
} from '@filaha/db';
import { isReferencedError, duplicateName, type DuplicateName } from '../../lib/sql-state.ts';

export type PlanRecord = InferSelectModel<typeof plans>;

export interface NewPlan {
  name: string;
  nameAr: string;
  clientName: string;
  clientNameAr: string;
  prices: string;
  descriptionFr: string;
  descriptionAr: string;
}

export interface PlanIndexDetail {
  id: number;
  code: string;
  name: string;
  description: LocalizedText;
  recommendations: Recommendation[];
  requestCount: number;
}

export interface PlanDetailRecord extends PlanRecord {
  functionalities: Array<{ id: number; name: string; nameAr: string; psudo: string }>;
  indices: PlanIndexDetail[];
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

export function createPlansRepository(db: Db) {
  return {
    list(): Promise<PlanRecord[]> {
      return db.select().from(plans).orderBy(asc(plans.id));
    },

    async findById(id: number): Promise<PlanRecord | undefined> {
      const [row] = await db.select().from(plans).where(eq(plans.id, id));
      return row;
    },

    /** The new plan, or which name is taken (unique indexes, race-safe). */
    async create(plan: NewPlan): Promise<PlanRecord | DuplicateName> {
      try {
        const [row] = await db.insert(plans).values(plan).returning();
        if (!row) throw new Error('insert returned no row');
        return row;
      } catch (error) {
        const duplicate = duplicateName(error);
        if (duplicate) return duplicate;
        throw error;
      }
    },

    /** The edited plan, 'not_found', or which name is taken. */
    async update(id: number, plan: Partial<NewPlan>): Promise<PlanRecord | 'not_found' | DuplicateName> {
      try {
        const [row] = await db.update(plans).set(plan).where(eq(plans.id, id)).returning();
        return row ?? 'not_found';
      } catch (error) {
        const duplicate = duplicateName(error);
        if (duplicate) return duplicate;
        throw error;
      }
    },

    /**
     * Its functionality links and request counts go with it (CASCADE); subscriptions RESTRICT the delete,
     * because a farmer's subscription and its history must not lose their plan.
     */
    async remove(id: number): Promise<'deleted' | 'not_found' | 'in_use'> {
      try {
        const deleted = await db.delete(plans).where(eq(plans.id, id)).returning({ id: plans.id });
        return deleted.length ? 'deleted' : 'not_found';
      } catch (error) {
        if (isReferencedError(error)) return 'in_use';
        throw error;
      }
    },

    /** Every plan with its functionalities and indices (with the requests each index grants): 3 queries. */
    async details(): Promise<PlanDetailRecord[]> {
      const planRows = await db.select().from(plans).orderBy(asc(plans.id));
      const ids = planRows.map((p) => p.id);
      if (ids.length === 0) return [];
      const [featureRows, indexRows] = await Promise.all([
        db
          .select({
            planId: planFunctionalities.planId,
            id: functionalities.id,
            name: functionalities.name,
            nameAr: functionalities.nameAr,
            psudo: functionalities.psudo,
          })
          .from(planFunctionalities)
          .innerJoin(functionalities, eq(functionalities.id, planFunctionalities.functionalityId))
          .where(inArray(planFunctionalities.planId, ids))
          .orderBy(asc(functionalities.id)),
        db
          .select({
            planId: planIndices.planId,
            id: indices.id,
            code: indices.code,
            name: indices.name,
            description: indices.description,
            recommendations: indices.recommendations,
            requestCount: planIndices.requestCount,
          })
          .from(planIndices)
          .innerJoin(indices, eq(indices.id, planIndices.indexId))
          .where(inArray(planIndices.planId, ids))
          .orderBy(asc(indices.id)),
      ]);
      const featuresByPlan = groupBy(featureRows, (r) => r.planId);
      const indicesByPlan = groupBy(indexRows, (r) => r.planId);
      return planRows.map((plan) => ({
        ...plan,
        functionalities: (featuresByPlan.get(plan.id) ?? []).map(({ id, name, nameAr, psudo }) => ({
          id,
          name,
          nameAr,
          psudo,
        })),
        indices: (indicesByPlan.get(plan.id) ?? []).map(({ planId: _planId, ...index }) => index),
      }));
    },
  };
}

export type PlansRepository = ReturnType<typeof createPlansRepository>;
