import { asc, eq, sellerPlans, type Db, type InferSelectModel } from '@filaha/db';
import { functionalitiesByPlan, removePlan, type PlanFunctionality } from '../../core/plans.ts';
import { orDuplicateName, type DuplicateName } from '../../lib/sql-state.ts';

export type SellerPlanRecord = InferSelectModel<typeof sellerPlans> & {
  functionalities: PlanFunctionality[];
};

export interface NewSellerPlan {
  name: string;
  nameAr: string;
  clientName: string;
  clientNameAr: string;
  price: number;
  postLimit: number | null;
  priority: number;
  description: string;
  descriptionAr: string;
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
      const byPlan = await functionalitiesByPlan(
        db,
        'seller',
        plans.map((p) => p.id),
      );
      return plans.map((plan) => ({ ...plan, functionalities: byPlan.get(plan.id) ?? [] }));
    },

    /** The new plan, or which name is taken (unique constraints, race-safe). */
    create(plan: NewSellerPlan): Promise<SellerPlanRecord | DuplicateName> {
      return orDuplicateName(async () => {
        const [row] = await db
          .insert(sellerPlans)
          .values({ ...plan, isLimited: plan.postLimit !== null })
          .returning();
        if (!row) throw new Error('insert returned no row');
        return { ...row, functionalities: [] };
      });
    },

    /** The edited plan (with its functionalities), 'not_found', or which name is taken. */
    async update(id: number, plan: Partial<NewSellerPlan>): Promise<SellerPlanRecord | 'not_found' | DuplicateName> {
      const limit = plan.postLimit === undefined ? {} : { isLimited: plan.postLimit !== null };
      const updated = await orDuplicateName(() =>
        db
          .update(sellerPlans)
          .set({ ...plan, ...limit })
          .where(eq(sellerPlans.id, id))
          .returning({ id: sellerPlans.id }),
      );
      if (updated === 'duplicate' || updated === 'duplicate_ar') return updated;
      if (updated.length === 0) return 'not_found';
      return (await this.list()).find((p) => p.id === id) ?? 'not_found';
    },

    /** Seller subscriptions RESTRICT the delete (a subscription must keep its plan); links CASCADE. */
    remove: (id: number) => removePlan(db, sellerPlans, id),
  };
}

export type SellerPlansRepository = ReturnType<typeof createSellerPlansRepository>;
