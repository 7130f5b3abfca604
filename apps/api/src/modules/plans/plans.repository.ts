import {
  asc,
  eq,
  indices,
  inArray,
  planIndices,
  plans,
  type Db,
  type InferSelectModel,
  type LocalizedText,
  type Recommendation,
} from '@filaha/db';
import { functionalitiesByPlan, groupBy, removePlan, type PlanFunctionality } from '../../core/plans.ts';
import { orDuplicateName, type DuplicateName } from '../../lib/sql-state.ts';

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
  functionalities: PlanFunctionality[];
  indices: PlanIndexDetail[];
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
    create(plan: NewPlan): Promise<PlanRecord | DuplicateName> {
      return orDuplicateName(async () => {
        const [row] = await db.insert(plans).values(plan).returning();
        if (!row) throw new Error('insert returned no row');
        return row;
      });
    },

    /** The edited plan, 'not_found', or which name is taken. */
    update(id: number, plan: Partial<NewPlan>): Promise<PlanRecord | 'not_found' | DuplicateName> {
      return orDuplicateName(async () => {
        const [row] = await db.update(plans).set(plan).where(eq(plans.id, id)).returning();
        return row ?? 'not_found';
      });
    },

    /** Its request counts and functionality links go with it; subscriptions RESTRICT the delete. */
    remove: (id: number) => removePlan(db, plans, id),

    /** Every plan with its functionalities and indices (with the requests each index grants): 3 queries. */
    async details(): Promise<PlanDetailRecord[]> {
      const planRows = await db.select().from(plans).orderBy(asc(plans.id));
      const ids = planRows.map((p) => p.id);
      if (ids.length === 0) return [];
      const [featuresByPlan, indexRows] = await Promise.all([
        functionalitiesByPlan(db, 'farmer', ids),
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
      const indicesByPlan = groupBy(indexRows, (r) => r.planId);
      return planRows.map((plan) => ({
        ...plan,
        functionalities: featuresByPlan.get(plan.id) ?? [],
        indices: (indicesByPlan.get(plan.id) ?? []).map(({ planId: _planId, ...index }) => index),
      }));
    },
  };
}

export type PlansRepository = ReturnType<typeof createPlansRepository>;
