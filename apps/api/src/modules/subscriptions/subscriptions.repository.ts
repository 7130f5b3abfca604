import {
  and,
  asc,
  createUsageRows,
  desc,
  eq,
  farmerSubscriptions,
  indices,
  isNull,
  ne,
  or,
  plans,
  subscriptionIndexUsage,
  users,
  type Db,
  type SQL,
  type Tx,
} from '@filaha/db';
import type { SubscriptionState } from '@filaha/shared';
import { hasSqlState, SQL_STATE } from '../../lib/sql-state.ts';

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

export type CreateOutcome = { ok: true; id: number } | { ok: false; reason: 'open' | 'missing_plan' };
export type StateOutcome = 'updated' | 'not_found' | 'other_active';

/** Pending (never activated) or active: the farmer may not open another subscription meanwhile. */
const isOpen = or(
  eq(farmerSubscriptions.state, 'actif'),
  and(eq(farmerSubscriptions.state, 'désactivé'), isNull(farmerSubscriptions.activatedAt)),
);

export function createSubscriptionsRepository(db: Db) {
  const select = (where?: SQL) =>
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
      .orderBy(desc(farmerSubscriptions.subscribedAt), desc(farmerSubscriptions.id));

  /** Serialises every subscription change of one farmer (the one-open-subscription rule is read-then-write). */
  const lockUser = (tx: Tx, userId: number) =>
    tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

  return {
    /** Newest first, so the first item is the current one (SPEC: the client reads the first item's etat). */
    listByUser: (userId: number): Promise<SubscriptionRecord[]> => select(eq(farmerSubscriptions.userId, userId)),
    listAll: (): Promise<SubscriptionRecord[]> => select(),

    async findById(id: number): Promise<SubscriptionRecord | undefined> {
      const [row] = await select(eq(farmerSubscriptions.id, id));
      return row;
    },

    async create(userId: number, planId: number): Promise<CreateOutcome> {
      try {
        return await db.transaction(async (tx) => {
          await lockUser(tx, userId);
          const [open] = await tx
            .select({ id: farmerSubscriptions.id })
            .from(farmerSubscriptions)
            .where(and(eq(farmerSubscriptions.userId, userId), isOpen))
            .limit(1);
          if (open) return { ok: false, reason: 'open' } as const;
          const [row] = await tx
            .insert(farmerSubscriptions)
            .values({ userId, planId, state: 'désactivé', durationMonths: 12 })
            .returning({ id: farmerSubscriptions.id });
          if (!row) throw new Error('insert returned no row');
          return { ok: true, id: row.id } as const;
        });
      } catch (error) {
        if (hasSqlState(error, SQL_STATE.foreignKeyViolation)) return { ok: false, reason: 'missing_plan' };
        throw error;
      }
    },

    /**
     * Activation and its usage rows commit together (SPEC §4); rows that exist are kept, so activating twice
     * never resets a quota. Deactivation keeps the rows. A farmer has at most one active subscription.
     */
    async setState(id: number, state: SubscriptionState): Promise<StateOutcome> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ userId: farmerSubscriptions.userId })
          .from(farmerSubscriptions)
          .where(eq(farmerSubscriptions.id, id))
          .for('update');
        if (!current) return 'not_found';
        await lockUser(tx, current.userId);
        if (state === 'actif') {
          const [other] = await tx
            .select({ id: farmerSubscriptions.id })
            .from(farmerSubscriptions)
            .where(
              and(
                eq(farmerSubscriptions.userId, current.userId),
                eq(farmerSubscriptions.state, 'actif'),
                ne(farmerSubscriptions.id, id),
              ),
            )
            .limit(1);
          if (other) return 'other_active';
          await tx
            .update(farmerSubscriptions)
            .set({ state, activatedAt: new Date() })
            .where(eq(farmerSubscriptions.id, id));
          await createUsageRows(tx, id);
        } else {
          await tx.update(farmerSubscriptions).set({ state }).where(eq(farmerSubscriptions.id, id));
        }
        return 'updated';
      });
    },

    /** Usage rows go with it (CASCADE); produced images keep their history (subscription set to NULL). */
    async remove(id: number): Promise<boolean> {
      const deleted = await db
        .delete(farmerSubscriptions)
        .where(eq(farmerSubscriptions.id, id))
        .returning({ id: farmerSubscriptions.id });
      return deleted.length > 0;
    },

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
