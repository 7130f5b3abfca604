import pg from 'pg';
import { createDb, openPostgres, type Database } from '../client.ts';
import { seed } from '../seed/index.ts';
import { templateKey } from './template.ts';

/** Serialises template building and cloning across processes ("FTPL"). */
const TEMPLATE_LOCK_KEY = 0x4654504c;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function isLocal(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '::1' || host === '[::1]' || host === '';
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Creates this worker's own database as a copy of a migrated, base-seeded template database. CREATE
 * DATABASE … TEMPLATE needs the template free of connections, hence the advisory lock around it.
 */
export async function postgresFromTemplate(databaseUrl: string, options: { fresh?: boolean } = {}): Promise<Database> {
  const key = await templateKey();
  const template = `filaha_tpl_${key}`;
  freshCount += options.fresh ? 1 : 0;
  const suffix = options.fresh ? `_f${freshCount}` : '';
  const worker = `filaha_t_${key.slice(0, 8)}_${process.pid}_${process.env.VITEST_POOL_ID ?? '0'}${suffix}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const existing = (
        await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'filaha\\_t%'")
      ).rows.map((r) => r.datname);
      await dropLeftovers(admin, existing, template, isLocal(databaseUrl));
      if (!existing.includes(template)) await buildTemplate(admin, databaseUrl, template);
      await admin.query(`DROP DATABASE IF EXISTS ${quote(worker)} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${quote(worker)} TEMPLATE ${quote(template)}`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  } finally {
    await admin.end();
  }
  // allowExitOnIdle: the cached test database is never closed explicitly, it must not keep a worker alive.
  const database = await openPostgres(withDatabase(databaseUrl, worker), { max: 5, allowExitOnIdle: true });
  if (!options.fresh) return database;
  // A fresh database belongs to one test: closing it also drops it.
  return {
    ...database,
    close: async () => {
      await database.close();
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${quote(worker)} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}

let freshCount = 0;

async function buildTemplate(admin: pg.Client, databaseUrl: string, template: string): Promise<void> {
  // Built under a temporary name and renamed, so a crash never leaves a half-built template behind.
  const building = `filaha_tb_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${quote(building)} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${quote(building)}`);
  const database = await createDb({ databaseUrl: withDatabase(databaseUrl, building), dataDir: '' });
  try {
    await seed(database, { demo: false });
  } finally {
    await database.close();
  }
  await admin.query(`ALTER DATABASE ${quote(building)} RENAME TO ${quote(template)}`);
}

/**
 * Drops templates of older code and, on a local server, the per-worker databases of test runs whose
 * process has ended (their pid is part of the name).
 */
async function dropLeftovers(admin: pg.Client, names: string[], template: string, local: boolean): Promise<void> {
  // A template of other code stays while a live process on this machine still has worker databases made from it
  // (their names start with the template key's first 8 characters): another checkout's test run may be using it.
  const liveKeys = new Set(
    names.flatMap((name) => {
      const match = /^filaha_t_([0-9a-f]+)_(\d+)_/.exec(name);
      return match && local && processAlive(Number(match[2])) ? [match[1]!] : [];
    }),
  );
  for (const name of names) {
    let drop = false;
    if (name.startsWith('filaha_tpl_'))
      drop = name !== template && ![...liveKeys].some((key) => name.startsWith(`filaha_tpl_${key}`));
    else if (local) {
      const pid = Number(/^filaha_(?:t_[0-9a-f]+|tb)_(\d+)/.exec(name)?.[1]);
      drop = Number.isInteger(pid) && pid > 0 && !processAlive(pid);
    }
    if (drop) await admin.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`);
  }
}
