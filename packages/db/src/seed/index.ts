import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { DEMO_ACCOUNTS, ensureUser, type SeedAccount } from './accounts.ts';
import { seedCatalog } from './catalog.ts';
import { seedDemoData, type DemoTerritoryParcelSeed } from './demo.ts';
import { seedReference } from './reference.ts';

/** Serialises concurrent seeds (several API processes starting at once): "FSED". */
const SEED_LOCK_KEY = 0x46534544;

export interface SeedOptions {
  /** The first administrator (ADMIN_EMAIL / ADMIN_PASSWORD). */
  admin?: { email: string; password: string };
  /** Also create the demo accounts and their data. */
  demo: boolean;
  /** With `demo`: the demo cooperative's own parcels (issue 30 §5), added while it holds none. */
  territory?: ReadonlyArray<DemoTerritoryParcelSeed>;
}

export interface SeedResult {
  /** Accounts the seed is responsible for, so the server can print them. */
  accounts: SeedAccount[];
}

/** Idempotent: safe on every start-up; running it twice changes nothing. */
export async function seed(database: Database, options: SeedOptions): Promise<SeedResult> {
  const { db } = database;
  const accounts: SeedAccount[] = [];
  await db.transaction(async (tx) => {
    // Transaction-scoped: released at commit or rollback, whatever happens.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    await seedReference(tx);
    await seedCatalog(tx);
    if (options.admin) {
      await ensureUser(tx, {
        role: 'Admin',
        email: options.admin.email,
        password: options.admin.password,
        userName: 'Administrateur',
      });
      accounts.push({
        role: 'Admin',
        email: options.admin.email.trim().toLowerCase(),
        password: options.admin.password,
      });
    }
    if (options.demo) {
      for (const account of DEMO_ACCOUNTS) {
        await ensureUser(tx, account);
        accounts.push({ role: account.role, email: account.email, password: account.password });
      }
      await seedDemoData(tx, options.territory);
    }
  });
  return { accounts };
}

export { DEMO_ACCOUNTS };
export { createUsageRows } from './catalog.ts';
export type { SeedAccount, DemoTerritoryParcelSeed };
