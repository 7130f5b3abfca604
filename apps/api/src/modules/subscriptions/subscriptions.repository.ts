import {
  and,
  asc,
  createUsageRows,
  desc,
  eq,
  farmerSubscriptions,
  indices,
  isNull,
  or,
  plans,
  subscriptionIndexUsage,
  users,
  type Db,
  type SQL,
} from '@filaha/db';
import type { SubscriptionState } from '@filaha/shared';
import { createSubscriptionStore, type SubscriptionKind } from '../../core/subscriptions/store.ts';

export type { CreateOutcome, StateOutcome } from '../../core/subscriptions/store.ts';

export interface SubscriptionRecord {
  id: number;
  planId: number;
  userId: number;
  subscribedAt: Date;
  durationMonths: number;
  state: SubscriptionState;
  activatedAt: Date | null;
  plan: { id: number; name: string; nameAr: string; clientName: string; clientNameAr: string; prices: string };
  user: { id: number; email: string; userName: string };
}

export interface UsageRecord {
  indexId: number;
  indexName: string;
  code: string;
  total: number;
  used: number;
}

/**
 * Farmer subscriptions: created 'désactivé' (pending) for 12 months; pending (never activated) or active blocks
 * another one. Activation stamps the activation date and creates the per-index usage rows in the same
 * transaction (SPEC §4); rows that exist are kept, so activating twice never resets a quota. Deactivation keeps
 * them. Deleting takes the usage rows (CASCADE); produced images keep their history (subscription set to NULL).
 */
const farmerKind: SubscriptionKind<SubscriptionRecord> = {
  table: farmerSubscriptions,

  records: (db: Db, where?: SQL) =>
    db
      .select({
        id: farmerSubscriptions.id,
        planId: farmerSubscriptions.planId,
        userId: farmerSubscriptions.userId,
        subscribedAt: farmerSubscriptions.subscribedAt,
        durationMonths: farmerSubscriptions.durationMonths,
        state: farmerSubscriptions.state,
        activatedAt: farmerSubscriptions.activatedAt,
        plan: {
          id: plans.id,
          name: plans.name,
          nameAr: plans.nameAr,
          clientName: plans.clientName,
          clientNameAr: plans.clientNameAr,
          prices: plans.prices,
        },
        user: { id: users.id, email: users.email, userName: users.userName },
      })
      .from(farmerSubscriptions)
      .innerJoin(plans, eq(plans.id, farmerSubscriptions.planId))
      .innerJoin(users, eq(users.id, farmerSubscriptions.userId))
      .where(where)
      .orderBy(desc(farmerSubscriptions.subscribedAt), desc(farmerSubscriptions.id)),

  /** Pending (never activated) or active. */
  blocking: () =>
    or(
      eq(farmerSubscriptions.state, 'actif'),
      and(eq(farmerSubscriptions.state, 'désactivé'), isNull(farmerSubscriptions.activatedAt)),
    ),

  async insert(tx, { userId, planId }) {
    const [row] = await tx
      .insert(farmerSubscriptions)
      .values({ userId, planId, state: 'désactivé', durationMonths: 12 })
      .returning({ id: farmerSubscriptions.id });
    return row?.id;
  },

  async onActivate(tx, id) {
    await tx.update(farmerSubscriptions).set({ activatedAt: new Date() }).where(eq(farmerSubscriptions.id, id));
    await createUsageRows(tx, id);
  },
};

export function createSubscriptionsRepository(db: Db) {
  return {
    ...createSubscriptionStore(db, farmerKind),

    usage(subscriptionId: number): Promise<UsageRecord[]> {
      return db
        .select({
          indexId: subscriptionIndexUsage.indexId,
          indexName: indices.name,
          code: indices.code,
          total: subscriptionIndexUsage.total,
          used: subscriptionIndexUsage.used,
        })
        .from(subscriptionIndexUsage)
        .innerJoin(indices, eq(indices.id, subscriptionIndexUsage.indexId))
        .where(eq(subscriptionIndexUsage.subscriptionId, subscriptionId))
        .orderBy(asc(indices.id));
    },

    /** Creates the usage rows the plan grants and the subscription lacks; returns how many were created. */
    createMissingUsage(subscriptionId: number): Promise<number> {
      return createUsageRows(db, subscriptionId);
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
