import {
  asc,
  eq,
  functionalities,
  inArray,
  sellerPlanFunctionalities,
  sellerPlans,
  type Db,
  type InferSelectModel,
} from '@filaha/db';
import { SQL_STATE, hasSqlState, isReferencedError } from '../../lib/sql-state.ts';

export type SellerPlanRecord = InferSelectModel<typeof sellerPlans> & {
  functionalities: Array<{ id: number; name: string; psudo: string }>;
};

export interface NewSellerPlan {
  name: string;
  clientName: string;
  price: number;
  postLimit: number | null;
  priority: number;
  description: string;
}

export function createSellerPlansRepository(db: Db) {
  return {
    /** Cheapest first within a priority: the offers page lists them in this order. */
    async list(): Promise<SellerPlanRecord[]> {
      const plans = await db
        .select()
        .from(sellerPlans)
        .orderBy(asc(sellerPlans.priority), asc(sellerPlans.price), asc(sellerPlans.id));
      if (plans.length === 0) return [];
      const links = await db
        .select({
          planId: sellerPlanFunctionalities.sellerPlanId,
          id: functionalities.id,
          name: functionalities.name,
          psudo: functionalities.psudo,
        })
        .from(sellerPlanFunctionalities)
        .innerJoin(functionalities, eq(functionalities.id, sellerPlanFunctionalities.functionalityId))
        .where(
          inArray(
            sellerPlanFunctionalities.sellerPlanId,
            plans.map((p) => p.id),
          ),
        )
        .orderBy(asc(functionalities.id));
      return plans.map((plan) => ({
        ...plan,
        functionalities: links.filter((l) => l.planId === plan.id).map(({ id, name, psudo }) => ({ id, name, psudo })),
      }));
    },

    /** The new plan, or 'duplicate' when the name is taken (unique constraint, race-safe). */
    async create(plan: NewSellerPlan): Promise<SellerPlanRecord | 'duplicate'> {
      try {
        const [row] = await db
          .insert(sellerPlans)
          .values({ ...plan, isLimited: plan.postLimit !== null })
          .returning();
        if (!row) throw new Error('insert returned no row');
        return { ...row, functionalities: [] };
      } catch (error) {
        if (hasSqlState(error, SQL_STATE.uniqueViolation)) return 'duplicate';
        throw error;
      }
    },

    /** Seller subscriptions RESTRICT the delete (a subscription must keep its plan); links CASCADE. */
    async remove(id: number): Promise<'deleted' | 'not_found' | 'in_use'> {
      try {
        const deleted = await db.delete(sellerPlans).where(eq(sellerPlans.id, id)).returning({ id: sellerPlans.id });
        return deleted.length > 0 ? 'deleted' : 'not_found';
      } catch (error) {
        // ON DELETE RESTRICT raises restrict_violation (23001), not foreign_key_violation (23503).
        if (isReferencedError(error)) return 'in_use';
        throw error;
      }
    },
  };
}

export type SellerPlansRepository = ReturnType<typeof createSellerPlansRepository>;
