import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/**
 * A small migration runner shared by PGlite and pg. It applies the SQL files drizzle-kit writes to
 * `migrations/` (order from `meta/_journal.json`) and records each one in `__migrations` with a hash,
 * so an edited, already-applied migration is caught instead of silently diverging between databases.
 */
export interface SqlExecutor {
  exec(text: string): Promise<void>;
  rows<T extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Migration {
  name: string;
  sql: string;
  hash: string;
}

export interface MigrationState {
  applied: number;
  latest: string | null;
  pending: number;
}

export const MIGRATIONS_DIR = new URL('../migrations/', import.meta.url);

/** Fixed advisory-lock key ("FILA") so processes starting together migrate one after another. */
const MIGRATION_LOCK_KEY = 0x46494c41;

interface Journal {
  entries: Array<{ idx: number; tag: string }>;
}

let cached: Promise<Migration[]> | undefined;

export function readMigrations(): Promise<Migration[]> {
  cached ??= (async () => {
    const journal = JSON.parse(await readFile(new URL('meta/_journal.json', MIGRATIONS_DIR), 'utf8')) as Journal;
    const entries = [...journal.entries].sort((a, b) => a.idx - b.idx);
    return Promise.all(
      entries.map(async ({ tag }) => {
        const sql = await readFile(new URL(`${tag}.sql`, MIGRATIONS_DIR), 'utf8');
        return { name: tag, sql, hash: createHash('sha256').update(sql).digest('hex') };
      }),
    );
  })();
  return cached;
}

/** A digest of every migration, used to key cached test templates. */
export async function migrationsDigest(): Promise<string> {
  const hash = createHash('sha256');
  for (const m of await readMigrations()) hash.update(m.name).update(m.hash);
  return hash.digest('hex');
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS __migrations (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  name text NOT NULL UNIQUE,
  hash text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

export async function runMigrations(executor: SqlExecutor): Promise<MigrationState> {
  const migrations = await readMigrations();
  await executor.rows('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    await executor.exec(CREATE_TABLE);
    const applied = await executor.rows<{ name: string; hash: string }>(
      'SELECT name, hash FROM __migrations ORDER BY id',
    );
    const appliedHash = new Map(applied.map((row) => [row.name, row.hash]));
    for (const migration of migrations) {
      const known = appliedHash.get(migration.name);
      if (known !== undefined) {
        if (known !== migration.hash) {
          throw new Error(
            `Migration ${migration.name} was changed after it was applied to this database; ` +
              'add a new migration instead (or recreate a development database).',
          );
        }
        continue;
      }
      // One transaction per file: a failing statement leaves the database at the previous migration.
      await executor.exec('BEGIN');
      try {
        await executor.exec(migration.sql);
        await executor.rows('INSERT INTO __migrations (name, hash) VALUES ($1, $2)', [migration.name, migration.hash]);
        await executor.exec('COMMIT');
      } catch (error) {
        await executor.exec('ROLLBACK');
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
    }
  } finally {
    await executor.rows('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  }
  return migrationState(executor);
}

export async function migrationState(executor: SqlExecutor): Promise<MigrationState> {
  const migrations = await readMigrations();
  const exists = await executor.rows<{ present: boolean }>(
    "SELECT to_regclass('public.__migrations') IS NOT NULL AS present",
  );
  const names = exists[0]?.present
    ? (await executor.rows<{ name: string }>('SELECT name FROM __migrations ORDER BY id')).map((r) => r.name)
    : [];
  const appliedSet = new Set(names);
  return {
    applied: names.length,
    latest: names.at(-1) ?? null,
    pending: migrations.filter((m) => !appliedSet.has(m.name)).length,
  };
}
