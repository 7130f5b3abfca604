/**
 * @filaha/db/testing — a real, migrated and base-seeded database per test worker, plus factories that
 * create fresh rows per test (tests never depend on each other's data).
 */
import type { Database } from '../client.ts';
import {
  createFarmerSubscription,
  createIndexResult,
  createParcel,
  createPlan,
  createPublication,
  createSellerPlan,
  createSellerSubscription,
  indexIdByCode,
  vacantIndexCode,
} from './domain-factories.ts';
import { createUser } from './factories.ts';
import { postgresFromTemplate } from './pg-template.ts';
import { pgliteFromTemplate, pgliteTemplateFile } from './pglite-template.ts';

export { pgliteTemplateFile };

const CACHE = Symbol.for('filaha.db.testDb');
type CacheHolder = { [CACHE]?: Promise<Database> };

/**
 * One database per vitest worker, cached on globalThis so projects running with `isolate: false` reuse
 * it across files. PGlite by default; a per-worker PostgreSQL database when DATABASE_URL is set.
 * Do not close it in a test file: later files of the same worker use it too.
 */
export function getTestDb(): Promise<Database> {
  const holder = globalThis as CacheHolder;
  const existing = holder[CACHE];
  if (existing) return existing;
  const url = process.env.DATABASE_URL;
  const created = url ? postgresFromTemplate(url) : pgliteFromTemplate();
  // A failed start must not be cached, or every later file would see the same stale rejection.
  created.catch(() => {
    if (holder[CACHE] === created) delete holder[CACHE];
  });
  holder[CACHE] = created;
  return created;
}

/**
 * A separate, uncached database with the same migrated + base-seeded content, for tests that need an
 * empty world (e.g. counting rows after seeding). The caller must close it (on PostgreSQL, closing drops it).
 */
export function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  return url ? postgresFromTemplate(url, { fresh: true }) : pgliteFromTemplate();
}

export const factories = {
  createUser,
  createPlan,
  createFarmerSubscription,
  createParcel,
  createIndexResult,
  createSellerPlan,
  createSellerSubscription,
  createPublication,
  indexIdByCode,
  vacantIndexCode,
};
export * from './domain-factories.ts';
export {
  createUser,
  uniqueSuffix,
  DEFAULT_TEST_PASSWORD,
  type CreateUserOptions,
  type DbLike,
  type UserRow,
} from './factories.ts';
export * from './social-factories.ts';
export { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';
