import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { postgis } from '@electric-sql/pglite-postgis';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { ambientDb } from './ambient.ts';
import type { Db } from './db-type.ts';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { postgisProblem } from './postgres-start.ts';
import { migrationState, runMigrations, type MigrationState, type SqlExecutor } from './migrate.ts';
import * as schema from './schema/index.ts';

// The Db type has its own module, which ambient.ts (imported here) reads without importing this file back.
export type { Db, RowsResult, RowsResultHKT, Schema, Tx } from './db-type.ts';

/** Extensions the migrations create; PGlite must have them loaded when the instance is created. */
export const PGLITE_EXTENSIONS = { postgis, pg_trgm, unaccent, btree_gist };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  migrationState(): Promise<MigrationState>;
}

export interface DbConfig {
  /** postgres://… — uses a pg Pool. Without it an embedded PGlite is persisted under `<dataDir>/pglite`. */
  databaseUrl?: string;
  dataDir: string;
  /** The lock on `dataDir` when the caller took it already (the server does, before loading anything heavy). */
  lock?: DataDirLock;
  /**
   * A PGlite `dumpDataDir` file a new embedded database starts from (its folder has no PG_VERSION yet) instead of
   * being created and migrated; pending migrations still run. Ignored for an existing folder and on PostgreSQL.
   */
  initialData?: string;
}

/**
 * Opens the database. The embedded one first takes the exclusive lock on `dataDir` (throwing
 * DataDirLockedError at once if another process holds it) and keeps it until `close()` or the process ends.
 */
export async function createDb(config: DbConfig): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const lock = config.lock ?? lockDataDir(config.dataDir);
  try {
    const dir = join(config.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    const loadDataDir =
      config.initialData && !existsSync(join(dir, 'PG_VERSION'))
        ? new Blob([await readFile(config.initialData)])
        : undefined;
    return await openPglite(await PGlite.create({ dataDir: dir, loadDataDir, extensions: PGLITE_EXTENSIONS }), {
      lock,
    });
  } catch (error) {
    lock.release();
    throw error;
  }
}

function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    exec: async (text) => {
      await client.exec(text);
    },
    rows: async <T extends Record<string, unknown>>(text: string, params?: unknown[]) =>
      (await client.query<T>(text, params)).rows,
  };
}

function pgExecutor(client: pg.ClientBase): SqlExecutor {
  return {
    exec: async (text) => {
      await client.query(text);
    },
    rows: async <T extends Record<string, unknown>>(text: string, params?: unknown[]) =>
      (await client.query<T>(text, params)).rows,
  };
}

/**
 * Wraps an opened PGlite (file-backed or loaded from a dump), applies pending migrations. `lock` (the data
 * folder's) is released after the client is closed.
 */
export async function openPglite(
  client: PGlite,
  options: { migrate?: boolean; lock?: DataDirLock } = {},
): Promise<Database> {
  const executor = pgliteExecutor(client);
  try {
    if (options.migrate !== false) await runMigrations(executor);
  } catch (error) {
    await client.close();
    throw error;
  }
  // The PGlite driver's result type differs from pg's only beyond `rows`, which is all Db exposes.
  // Calls join a request's transaction when one is open in the caller's async context (ambient.ts).
  const db = ambientDb(drizzlePglite(client, { schema }) as unknown as Db);
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrationState: () => migrationState(executor),
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        options.lock?.release();
      }
    },
  };
}

export interface PostgresOptions {
  migrate?: boolean;
  max?: number;
  allowExitOnIdle?: boolean;
}

export async function openPostgres(databaseUrl: string, options: PostgresOptions = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.max ?? 10,
    allowExitOnIdle: options.allowExitOnIdle ?? false,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const withClient = async <T>(fn: (executor: SqlExecutor) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      return await fn(pgExecutor(client));
    } finally {
      client.release();
    }
  };
  try {
    if (options.migrate !== false) await withClient(runMigrations);
  } catch (error) {
    // A server or database without PostGIS fails the first migration: name the cause instead.
    const postgis = await withClient((executor) => postgisProblem(executor.rows, error)).catch(() => undefined);
    await pool.end();
    throw postgis ?? error;
  }
  const db = ambientDb(drizzleNodePg(pool, { schema }) as unknown as Db);
  let closed = false;
  return {
    db,
    kind: 'postgres',
    migrationState: () => withClient(migrationState),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
