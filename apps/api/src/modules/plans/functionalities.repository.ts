import {
  asc,
  eq,
  functionalities,
  planFunctionalities,
  plans,
  sellerPlanFunctionalities,
  sellerPlans,
  type Db,
  type InferSelectModel,
} from '@filaha/db';
import { hasSqlState, orDuplicateName, SQL_STATE, type DuplicateName } from '../../lib/sql-state.ts';

export type FunctionalityRecord = InferSelectModel<typeof functionalities>;

/** Outcome of linking a functionality to a plan: a missing side is reported by name so the answer can say which. */
export type LinkOutcome = 'created' | 'duplicate' | 'missing';

function linkOutcome(error: unknown): LinkOutcome {
  if (hasSqlState(error, SQL_STATE.uniqueViolation)) return 'duplicate';
  if (hasSqlState(error, SQL_STATE.foreignKeyViolation)) return 'missing';
  throw error;
}

export function createFunctionalitiesRepository(db: Db) {
  return {
    list(): Promise<FunctionalityRecord[]> {
      return db.select().from(functionalities).orderBy(asc(functionalities.id));
    },

    create(input: { name: string; nameAr: string; psudo: string }): Promise<FunctionalityRecord | DuplicateName> {
      return orDuplicateName(async () => {
        const [row] = await db.insert(functionalities).values(input).returning();
        if (!row) throw new Error('insert returned no row');
        return row;
      });
    },

    update(
      id: number,
      input: { name: string; nameAr?: string; psudo: string },
    ): Promise<FunctionalityRecord | 'not_found' | DuplicateName> {
      return orDuplicateName(async () => {
        const [row] = await db.update(functionalities).set(input).where(eq(functionalities.id, id)).returning();
        return row ?? 'not_found';
      });
    },

    /** Which of the referenced rows do not exist (to name the wrong field in the answer). */
    async missing(functionalityId: number, plan: { kind: 'farmer' | 'seller'; id: number }) {
      const table = plan.kind === 'farmer' ? plans : sellerPlans;
      const [feature, owner] = await Promise.all([
        db.select({ id: functionalities.id }).from(functionalities).where(eq(functionalities.id, functionalityId)),
        db.select({ id: table.id }).from(table).where(eq(table.id, plan.id)),
      ]);
      return { functionality: feature.length === 0, plan: owner.length === 0 };
    },

    /** The primary key (plan, functionality) makes "already assigned" race-safe. */
    async assignToPlan(planId: number, functionalityId: number): Promise<LinkOutcome> {
      try {
        await db.insert(planFunctionalities).values({ planId, functionalityId });
        return 'created';
      } catch (error) {
        return linkOutcome(error);
      }
    },

    async assignToSellerPlan(sellerPlanId: number, functionalityId: number): Promise<LinkOutcome> {
      try {
        await db.insert(sellerPlanFunctionalities).values({ sellerPlanId, functionalityId });
        return 'created';
      } catch (error) {
        return linkOutcome(error);
      }
    },
  };
}

export type FunctionalitiesRepository = ReturnType<typeof createFunctionalitiesRepository>;
