import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from './client.ts';
import { readMigrations } from './migrate.ts';
import { pgliteTemplateFile } from './testing/index.ts';

const databaseUrl = process.env.DATABASE_URL;
const tables = [
  'users',
  'roles',
  'seller_roles',
  'wilayas',
  'user_seller_roles',
  'password_reset_codes',
  'functionalities',
  'plans',
  'plan_functionalities',
  'indices',
  'legends',
  'plan_indices',
  'farmer_subscriptions',
  'subscription_index_usage',
  'parcels',
  'index_results',
  'seller_plans',
  'seller_plan_functionalities',
  'seller_subscriptions',
  'publications',
  'publication_images',
  'service_requests',
];

// Each engine's cases run in the pass of that engine: the PostgreSQL pass (DATABASE_URL set) does not migrate new
// PGlite databases from scratch again.
describe.skipIf(databaseUrl)('migrations on PGlite', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('apply on a new data dir, persist, and are not applied twice', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'filaha-db-migrate-'));
    dirs.push(dir);
    const migrations = await readMigrations();
    const first = await createDb({ dataDir: dir });
    try {
      expect(first.kind).toBe('pglite');
      expect(await first.migrationState()).toEqual({
        applied: migrations.length,
        latest: migrations.at(-1)?.name,
        pending: 0,
      });
      const { rows } = await first.db.execute<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
      );
      expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(tables));
      const ext = await first.db.execute<{ extname: string }>('SELECT extname FROM pg_extension');
      expect(ext.rows.map((r) => r.extname)).toEqual(
        expect.arrayContaining(['postgis', 'pg_trgm', 'unaccent', 'btree_gist']),
      );
    } finally {
      await first.close();
    }
    // Re-opening the same directory finds everything applied and records nothing new.
    const second = await createDb({ dataDir: dir });
    try {
      const { rows } = await second.db.execute<{ n: number }>('SELECT count(*)::int AS n FROM __migrations');
      expect(rows[0]?.n).toBe(migrations.length);
    } finally {
      await second.close();
    }
    // Two new embedded databases migrated from nothing: about 20 s alone, over 60 s beside the rest of the suite on a
    // 2-core machine. A limit against hangs, not a speed target.
  }, 300_000);

  it('a new data dir starts from an initial dump when given one; an existing one keeps its own data', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'filaha-db-initial-'));
    dirs.push(dir);
    const initialData = await pgliteTemplateFile();
    const first = await createDb({ dataDir: dir, initialData });
    try {
      // The template is migrated and base-seeded: the wilayas are there although this database ran no seed.
      expect((await first.migrationState()).pending).toBe(0);
      const { rows } = await first.db.execute<{ n: number }>('SELECT count(*)::int AS n FROM wilayas');
      expect(rows[0]?.n).toBe(58);
      await first.db.execute("UPDATE wilayas SET name_fr = 'Adrar (edited)' WHERE id = 1");
    } finally {
      await first.close();
    }
    const again = await createDb({ dataDir: dir, initialData });
    try {
      const { rows } = await again.db.execute<{ name: string }>('SELECT name_fr AS name FROM wilayas WHERE id = 1');
      expect(rows[0]?.name).toBe('Adrar (edited)');
    } finally {
      await again.close();
    }
  });
});

describe.skipIf(!databaseUrl)('migrations on PostgreSQL', () => {
  const name = `filaha_mig_${process.pid}_${Date.now()}`;
  const admin = () => new pg.Client({ connectionString: databaseUrl });
  const urlFor = (db: string) => {
    const u = new URL(databaseUrl ?? '');
    u.pathname = `/${db}`;
    return u.toString();
  };

  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  });

  it('two processes starting together migrate once, and an edited migration is refused', async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE "${name}"`);
    await client.end();
    const migrations = await readMigrations();
    // Two pools racing on an empty database: the advisory lock makes the second wait, then find nothing to do.
    const [a, b] = await Promise.all([
      createDb({ databaseUrl: urlFor(name), dataDir: '' }),
      createDb({ databaseUrl: urlFor(name), dataDir: '' }),
    ]);
    try {
      expect(a.kind).toBe('postgres');
      expect(await a.migrationState()).toEqual({
        applied: migrations.length,
        latest: migrations.at(-1)?.name,
        pending: 0,
      });
      const { rows } = await b.db.execute<{ n: number }>('SELECT count(*)::int AS n FROM __migrations');
      expect(rows[0]?.n).toBe(migrations.length);
      await a.db.execute("UPDATE __migrations SET hash = 'tampered' WHERE name = (SELECT min(name) FROM __migrations)");
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    await expect(createDb({ databaseUrl: urlFor(name), dataDir: '' })).rejects.toThrow(
      /was changed after it was applied/,
    );
  });
});
