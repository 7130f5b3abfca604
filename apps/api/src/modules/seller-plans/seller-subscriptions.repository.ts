import { and, desc, eq, gte, lt, sellerPlans, sellerSubscriptions, users, type Db, type SQL } from '@filaha/db';
import type { SubscriptionState } from '@filaha/shared';
import { addYears } from '../../core/time.ts';
import { createSubscriptionStore, type SubscriptionKind } from '../../core/subscriptions/store.ts';

export type { CreateOutcome, StateOutcome } from '../../core/subscriptions/store.ts';

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

const actif = eq(sellerSubscriptions.state, 'actif');

/**
 * Seller subscriptions: opened 'actif' from today (Algerian day) to one year later. An unexpired 'actif' one
 * refuses another; one past its end date is closed first. The partial unique index on 'actif' is the last line
 * of defence behind the user row lock. Deleting keeps the publications (SET NULL): products remain listed.
 */
const sellerKind: SubscriptionKind<SellerSubscriptionRecord> = {
  table: sellerSubscriptions,

  records: (db: Db, where?: SQL) =>
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
      .orderBy(desc(sellerSubscriptions.createdAt), desc(sellerSubscriptions.id)),

  /** 'actif' and not past its end date. */
  blocking: (today) => and(actif, gte(sellerSubscriptions.endDate, today)),

  async planExists(tx, planId) {
    const [plan] = await tx.select({ id: sellerPlans.id }).from(sellerPlans).where(eq(sellerPlans.id, planId));
    return plan !== undefined;
  },

  async closeLapsed(tx, userId, today) {
    await tx
      .update(sellerSubscriptions)
      .set({ state: 'désactivé' })
      .where(and(eq(sellerSubscriptions.userId, userId), actif, lt(sellerSubscriptions.endDate, today)));
  },

  async insert(tx, { userId, planId, today }) {
    const [row] = await tx
      .insert(sellerSubscriptions)
      .values({ sellerPlanId: planId, userId, startDate: today, endDate: addYears(today, 1), state: 'actif' })
      .returning({ id: sellerSubscriptions.id });
    return row?.id;
  },
};

export function createSellerSubscriptionsRepository(db: Db) {
  const store = createSubscriptionStore(db, sellerKind);
  return {
    listAll: store.listAll,
    findById: store.findById,
    create: store.create,
    setState: store.setState,
    remove: store.remove,

    /** The caller's 'actif' subscription if any, else their most recent one. */
    async currentOf(userId: number): Promise<SellerSubscriptionRecord | undefined> {
      const rows = await store.listByUser(userId);
      return rows.find((r) => r.state === 'actif') ?? rows[0];
    },
  };
}

export type SellerSubscriptionsRepository = ReturnType<typeof createSellerSubscriptionsRepository>;
