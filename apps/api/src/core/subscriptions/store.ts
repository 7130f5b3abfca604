import { and, eq, farmerSubscriptions, ne, sellerSubscriptions, users, type Db, type SQL, type Tx } from '@filaha/db';
import type { SubscriptionState } from '@filaha/shared';
import { hasSqlState, SQL_STATE } from '../../lib/sql-state.ts';
import { algiersToday } from '../time.ts';

/**
 * The logic farmer subscriptions (SPEC "AbonnementUser") and seller subscriptions ("sellerAbonnementUser") share:
 * one open subscription per user, serialised on the user row; the admin's state switch with at most one 'actif'
 * per user; delete. Each kind passes in its table, its records and what it does differently (`SubscriptionKind`).
 */

/** The two subscription tables; the columns used here (id, userId, state) have the same names and types. */
export type SubscriptionTable = typeof farmerSubscriptions | typeof sellerSubscriptions;

export type CreateOutcome = { ok: true; id: number } | { ok: false; reason: 'open' | 'missing_plan' };
export type StateOutcome = 'updated' | 'not_found' | 'other_active';

export interface SubscriptionKind<R> {
  table: SubscriptionTable;
  /** This kind's records (with their plan and user) matching `where`, newest first. */
  records(db: Db, where?: SQL): Promise<R[]>;
  /** The subscriptions that keep their user from opening another one on the Algerian day `today`. */
  blocking(today: string): SQL | undefined;
  /**
   * Checked before the open subscriptions when given (the seller answers an unknown plan first); without it the
   * insert's foreign key answers an unknown plan, after the open check (the farmer's order).
   */
  planExists?(tx: Tx, planId: number): Promise<boolean>;
  /** Closes the user's subscriptions that are still 'actif' but no longer block (past their end date). */
  closeLapsed?(tx: Tx, userId: number, today: string): Promise<void>;
  /** Inserts the new subscription with this kind's initial state and dates; its id. */
  insert(tx: Tx, values: { userId: number; planId: number; today: string }): Promise<number | undefined>;
  /** Runs in the activation's transaction, after the state is set (the farmer's activation date, usage rows). */
  onActivate?(tx: Tx, id: number): Promise<void>;
}

export function createSubscriptionStore<R>(db: Db, kind: SubscriptionKind<R>) {
  const { table } = kind;

  /** Serialises every subscription change of one user (the one-open-subscription rule is read-then-write). */
  const lockUser = (tx: Tx, userId: number) =>
    tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

  return {
    /** Newest first, so the first item is the current one. */
    listByUser: (userId: number): Promise<R[]> => kind.records(db, eq(table.userId, userId)),
    listAll: (): Promise<R[]> => kind.records(db),

    async findById(id: number): Promise<R | undefined> {
      const [row] = await kind.records(db, eq(table.id, id));
      return row;
    },

    /**
     * Opens a subscription for the user unless one blocks it ('open'). A unique violation (the seller's partial
     * unique index on 'actif') also answers 'open', a foreign key violation 'missing_plan'.
     */
    async create(userId: number, planId: number): Promise<CreateOutcome> {
      const today = algiersToday();
      try {
        return await db.transaction(async (tx) => {
          await lockUser(tx, userId);
          if (kind.planExists && !(await kind.planExists(tx, planId))) {
            return { ok: false, reason: 'missing_plan' } as const;
          }
          const [open] = await tx
            .select({ id: table.id })
            .from(table)
            .where(and(eq(table.userId, userId), kind.blocking(today)))
            .limit(1);
          if (open) return { ok: false, reason: 'open' } as const;
          await kind.closeLapsed?.(tx, userId, today);
          const id = await kind.insert(tx, { userId, planId, today });
          if (id === undefined) throw new Error('insert returned no row');
          return { ok: true, id } as const;
        });
      } catch (error) {
        if (hasSqlState(error, SQL_STATE.foreignKeyViolation)) return { ok: false, reason: 'missing_plan' };
        if (hasSqlState(error, SQL_STATE.uniqueViolation)) return { ok: false, reason: 'open' };
        throw error;
      }
    },

    /**
     * The admin's switch. A user has at most one 'actif' subscription ('other_active'); activation and what the
     * kind does on it commit together.
     */
    async setState(id: number, state: SubscriptionState): Promise<StateOutcome> {
      try {
        return await db.transaction(async (tx) => {
          const [current] = await tx.select({ userId: table.userId }).from(table).where(eq(table.id, id)).for('update');
          if (!current) return 'not_found';
          await lockUser(tx, current.userId);
          if (state === 'actif') {
            const [other] = await tx
              .select({ id: table.id })
              .from(table)
              .where(and(eq(table.userId, current.userId), eq(table.state, 'actif'), ne(table.id, id)))
              .limit(1);
            if (other) return 'other_active';
          }
          await tx.update(table).set({ state }).where(eq(table.id, id));
          if (state === 'actif') await kind.onActivate?.(tx, id);
          return 'updated';
        });
      } catch (error) {
        if (hasSqlState(error, SQL_STATE.uniqueViolation)) return 'other_active';
        throw error;
      }
    },

    /** What hangs on the subscription follows the table's foreign keys (CASCADE or SET NULL). */
    async remove(id: number): Promise<boolean> {
      const deleted = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
      return deleted.length > 0;
    },
  };
}

export type SubscriptionStore<R> = ReturnType<typeof createSubscriptionStore<R>>;
