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
import { isReferencedError } from '../../lib/sql-state.ts';
import { duplicateName, type DuplicateName } from '../../lib/sql-state.ts';

export type SellerPlanRecord = InferSelectModel<typeof sellerPlans> & {
  functionalities: Array<{ id: number; name: string; nameAr: string; psudo: string }>;
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
      const links = await db
        .select({
          planId: sellerPlanFunctionalities.sellerPlanId,
          id: functionalities.id,
          name: functionalities.name,
          nameAr: functionalities.nameAr,
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
        functionalities: links
          .filter((l) => l.planId === plan.id)
          .map(({ id, name, nameAr, psudo }) => ({ id, name, nameAr, psudo })),
      }));
    },

    /** The new plan, or which name is taken (unique constraints, race-safe). */
    async create(plan: NewSellerPlan): Promise<SellerPlanRecord | DuplicateName> {
      try {
        const [row] = await db
          .insert(sellerPlans)
          .values({ ...plan, isLimited: plan.postLimit !== null })
          .returning();
        if (!row) throw new Error('insert returned no row');
        return { ...row, functionalities: [] };
      } catch (error) {
        const duplicate = duplicateName(error);
        if (duplicate) return duplicate;
        throw error;
      }
    },

    /** The edited plan (with its functionalities), 'not_found', or which name is taken. */
    async update(id: number, plan: Partial<NewSellerPlan>): Promise<SellerPlanRecord | 'not_found' | DuplicateName> {
      try {
        const limit = plan.postLimit === undefined ? {} : { isLimited: plan.postLimit !== null };
        const [row] = await db
          .update(sellerPlans)
          .set({ ...plan, ...limit })
          .where(eq(sellerPlans.id, id))
          .returning({ id: sellerPlans.id });
        if (!row) return 'not_found';
      } catch (error) {
        const duplicate = duplicateName(error);
        if (duplicate) return duplicate;
        throw error;
      }
      return (await this.list()).find((p) => p.id === id) ?? 'not_found';
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
