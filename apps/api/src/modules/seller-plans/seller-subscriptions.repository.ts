import { and, desc, eq, sellerPlans, sellerSubscriptions, users, type Db, type SQL } from '@filaha/db';
import type { SubscriptionState } from '@filaha/shared';
import { SQL_STATE, hasSqlState } from '../../lib/sql-state.ts';
import { addYears, algiersToday } from '../../core/time.ts';

export interface SellerSubscriptionRecord {
  id: number;
  sellerPlanId: number;
  userId: number;
  startDate: string;
  endDate: string;
  state: SubscriptionState;
  postsUsed: number;
  plan: { id: number; name: string; nameAr: string; price: number; postLimit: number | null; isLimited: boolean };
  user: { id: number; userName: string; email: string };
}

export type CreateOutcome = { ok: true; id: number } | { ok: false; reason: 'open' | 'missing_plan' };
export type StateOutcome = 'updated' | 'not_found' | 'other_active';

export function createSellerSubscriptionsRepository(db: Db) {
  const select = (where?: SQL) =>
    db
      .select({
        id: sellerSubscriptions.id,
        sellerPlanId: sellerSubscriptions.sellerPlanId,
        userId: sellerSubscriptions.userId,
        startDate: sellerSubscriptions.startDate,
        endDate: sellerSubscriptions.endDate,
        state: sellerSubscriptions.state,
        postsUsed: sellerSubscriptions.postsUsed,
        plan: {
          id: sellerPlans.id,
          name: sellerPlans.name,
          nameAr: sellerPlans.nameAr,
          price: sellerPlans.price,
          postLimit: sellerPlans.postLimit,
          isLimited: sellerPlans.isLimited,
        },
        user: { id: users.id, userName: users.userName, email: users.email },
      })
      .from(sellerSubscriptions)
      .innerJoin(sellerPlans, eq(sellerPlans.id, sellerSubscriptions.sellerPlanId))
      .innerJoin(users, eq(users.id, sellerSubscriptions.userId))
      .where(where)
      .orderBy(desc(sellerSubscriptions.createdAt), desc(sellerSubscriptions.id));

  return {
    listAll(): Promise<SellerSubscriptionRecord[]> {
      return select();
    },

    async findById(id: number): Promise<SellerSubscriptionRecord | undefined> {
      const [row] = await select(eq(sellerSubscriptions.id, id));
      return row;
    },

    /** The caller's 'actif' subscription if any, else their most recent one. */
    async currentOf(userId: number): Promise<SellerSubscriptionRecord | undefined> {
      const rows = await select(eq(sellerSubscriptions.userId, userId));
      return rows.find((r) => r.state === 'actif') ?? rows[0];
    },

    /**
     * Opens an 'actif' subscription from today to one year later. An unexpired 'actif' one refuses ('open');
     * one past its end date is closed first. The user row lock serialises two purchases of one seller, and the
     * partial unique index is the last line of defence.
     */
    async create(userId: number, sellerPlanId: number): Promise<CreateOutcome> {
      const today = algiersToday();
      try {
        return await db.transaction(async (tx) => {
          await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
          const [plan] = await tx
            .select({ id: sellerPlans.id })
            .from(sellerPlans)
            .where(eq(sellerPlans.id, sellerPlanId));
          if (!plan) return { ok: false, reason: 'missing_plan' } as const;
          const [active] = await tx
            .select({ id: sellerSubscriptions.id, endDate: sellerSubscriptions.endDate })
            .from(sellerSubscriptions)
            .where(and(eq(sellerSubscriptions.userId, userId), eq(sellerSubscriptions.state, 'actif')));
          if (active && active.endDate >= today) return { ok: false, reason: 'open' } as const;
          if (active) {
            await tx
              .update(sellerSubscriptions)
              .set({ state: 'désactivé' })
              .where(eq(sellerSubscriptions.id, active.id));
          }
          const [row] = await tx
            .insert(sellerSubscriptions)
            .values({ sellerPlanId, userId, startDate: today, endDate: addYears(today, 1), state: 'actif' })
            .returning({ id: sellerSubscriptions.id });
          if (!row) throw new Error('insert returned no row');
          return { ok: true, id: row.id } as const;
        });
      } catch (error) {
        if (hasSqlState(error, SQL_STATE.uniqueViolation)) return { ok: false, reason: 'open' };
        throw error;
      }
    },

    /** Admin toggle; activating while the seller has another 'actif' one hits the partial unique index. */
    async setState(id: number, state: SubscriptionState): Promise<StateOutcome> {
      try {
        const updated = await db
          .update(sellerSubscriptions)
          .set({ state })
          .where(eq(sellerSubscriptions.id, id))
          .returning({ id: sellerSubscriptions.id });
        return updated.length > 0 ? 'updated' : 'not_found';
      } catch (error) {
        if (hasSqlState(error, SQL_STATE.uniqueViolation)) return 'other_active';
        throw error;
      }
    },

    /** Its publications stay (SET NULL): products remain listed under their seller. */
    async remove(id: number): Promise<boolean> {
      const deleted = await db
        .delete(sellerSubscriptions)
        .where(eq(sellerSubscriptions.id, id))
        .returning({ id: sellerSubscriptions.id });
      return deleted.length > 0;
    },
  };
}

export type SellerSubscriptionsRepository = ReturnType<typeof createSellerSubscriptionsRepository>;
