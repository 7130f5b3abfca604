import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Surrogate key; BY DEFAULT (not ALWAYS) so the seed can insert the fixed ids clients rely on. */
export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/** Creation time, set by the database so every writer agrees on the clock. */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Last change; drizzle refreshes it on every update issued through the query builder. */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
