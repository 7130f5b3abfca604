import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Server } from 'node:net';
import type { Database, SeedAccount } from '@filaha/db';
import { DataDirUnusableError, lockDataDir, type DataDirLock } from '@filaha/db/data-dir-lock';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import {
  databaseDiskFullMessage,
  dataDirFullMessage,
  FIRST_START_BYTES,
  freeBytes,
  isDatabaseDiskFull,
  isStorageFull,
} from './lib/disk.ts';
import { configOrExit, logDestination, stopOnSignals } from './lib/process.ts';
// The database driver and the app are imported only once the port and the data folder are ours (main()),
// so that a second process is refused in the time it takes to parse the configuration, not to load the app.

/** Forced exit if a graceful close hangs (an open connection that never ends). */
const CLOSE_TIMEOUT_MS = 10_000;

/** A start-up failure the operator fixes with a setting: printed as its one-line message, without a stack. */
class StartupError extends Error {
  override name = 'StartupError';
}

/** By name: some of these classes live in modules main() loads late. */
const OPERATOR_ERRORS = new Set([
  'StartupError',
  'DataDirLockedError',
  'DataDirUnusableError',
  'DatabaseUnreachableError',
  'PostgisMissingError',
]);

/**
 * Binds HOST:PORT before anything else, and keeps it until Fastify listens, so a start on a busy port stops
 * before it opens, migrates or seeds the database.
 */
async function holdPort(config: Config): Promise<Server> {
  const server = createServer((socket) => socket.destroy());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port: config.port, host: config.host, exclusive: true }, () => resolve());
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const where = `${config.host}:${config.port}`;
    throw new StartupError(
      code === 'EADDRINUSE'
        ? `PORT: ${where} is already in use by another process; stop it or choose another PORT (nothing was written)`
        : `PORT / HOST: cannot listen on ${where} (${code ?? (error as Error).message})`,
    );
  }
  return server;
}

function releasePort(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** With DATABASE_URL the folder still receives files and the mail outbox: check it before anything starts. */
function checkWritableDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
  } catch (error) {
    throw new DataDirUnusableError(dataDir, error);
  }
}

/**
 * A first start on the embedded database (no `<DATA_DIR>/pglite` yet) needs room for it: a folder on a too-small
 * disk is refused before anything is written, naming the folder and the space needed (issue 28 §1).
 */
async function checkFirstStartSpace(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'pglite'))) return;
  checkWritableDir(dataDir);
  const free = await freeBytes(dataDir);
  if (free !== null && free < FIRST_START_BYTES) throw new StartupError(dataDirFullMessage(dataDir, free));
}

/**
 * A full disk met while opening, migrating or seeding the database: one line, not a raw ErrnoError — the PostgreSQL
 * server's disk when it answered disk_full (DATABASE_URL set), else this machine's DATA_DIR.
 */
async function fullDiskAsStartupError(config: Config, error: unknown): Promise<unknown> {
  if (!isStorageFull(error)) return error;
  if (config.databaseUrl && isDatabaseDiskFull(error)) return new StartupError(databaseDiskFullMessage());
  return new StartupError(dataDirFullMessage(config.dataDir, await freeBytes(config.dataDir)));
}

function displayUrl(config: Config, address: string): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const port = new URL(address).port || String(config.port);
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function accountsTable(accounts: SeedAccount[]): string {
  const rows = [['role', 'e-mail', 'password'], ...accounts.map((a) => [a.role, a.email, a.password])];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `  ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('   ')}`;
  return [line(rows[0] ?? []), line(widths.map((w) => '-'.repeat(w))), ...rows.slice(1).map(line)].join('\n');
}

/** With neither STAC_CATALOG_PATH nor STAC_API_URL the API reads the demo catalog: make sure it is there. */
async function startDemoCatalog(config: Config): Promise<void> {
  const { imageryOptionsFromConfig } = await import('./lib/imagery/imagery.ts');
  const { DEMO_CATALOG_PATH, ensureDemoCatalog } = await import('@filaha/imagery');
  if (imageryOptionsFromConfig(config).catalogPath !== DEMO_CATALOG_PATH) return;
  await ensureDemoCatalog({ log: (line) => console.log(line) });
}

async function main(): Promise<void> {
  const loaded = configOrExit(process.env);
  const config = { ...loaded, logFile: logDestination(loaded, Boolean(process.stdout.isTTY)) };

  // Order matters: the port, then the data folder's lock, then the database — so a second start on a busy port
  // or on a folder in use stops before it writes anything.
  const port = await holdPort(config);
  let lock: DataDirLock | undefined;
  let database: Database;
  let seed: typeof import('@filaha/db').seed;
  try {
    // The embedded database's folder belongs to this process from here until it exits (the OS drops the lock).
    if (config.databaseUrl) checkWritableDir(config.dataDir);
    else {
      await checkFirstStartSpace(config.dataDir);
      lock = lockDataDir(config.dataDir);
    }
    const db = await import('@filaha/db');
    seed = db.seed;
    if (config.databaseUrl) {
      await db.waitForPostgres(config.databaseUrl, {
        timeoutMs: config.databaseWaitSeconds * 1000,
        onRetry: (reason) => console.warn(reason),
      });
    }
    // createDb applies pending migrations before it returns; close() releases the folder lock.
    database = await db.createDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      lock,
      initialData: config.pgliteInitialData,
    });
  } catch (err) {
    lock?.release();
    await releasePort(port);
    throw await fullDiskAsStartupError(config, err);
  }
  let app: FastifyInstance | undefined;
  try {
    // The bundled demo catalog is generated, not committed: made on the first start (and after a change to its
    // generator), while the database is seeded; an up-to-date one is only checked.
    const demoCatalog = startDemoCatalog(config);
    demoCatalog.catch(() => undefined); // awaited below; a seed failure first must not leave it unhandled
    const seeded = await seed(database, {
      admin: config.admin,
      demo: config.demoData,
      territory: config.demoTerritory ? (await import('@filaha/imagery')).demoTerritoryParcels() : [],
    });
    await demoCatalog;
    const { buildApp } = await import('./app.ts');
    app = await buildApp(config, { database, recordStorageLocation: true });
    await releasePort(port);
    const address = await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
      // Only if another process took the port in the instant between releasing it and listening.
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      throw new StartupError(`PORT: ${config.host}:${config.port} was taken by another process while starting`);
    });

    const url = displayUrl(config, address);
    console.log(`\nFilaha is running at ${url}  (API docs: ${url}/api/docs, database: ${database.kind})`);
    const { outboxDir } = await import('./lib/mailer.ts');
    console.log(
      config.smtpUrl
        ? 'E-mails are sent through SMTP_URL.'
        : `E-mails (sign-up, password reset codes) are written to ${outboxDir(config.dataDir)} (no SMTP_URL set).`,
    );
    const demo = seeded.accounts.filter((a) => a.email !== config.admin?.email);
    if (config.logFile && config.logFile !== '-')
      console.log(`The log is written to ${config.logFile} (warnings and errors show here too; LOG_FILE=- logs here).`);
    if (config.demoData && demo.length > 0) console.log(`\nDemo accounts:\n${accountsTable(demo)}\n`);
  } catch (err) {
    await releasePort(port);
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw await fullDiskAsStartupError(config, err);
  }

  stopOnSignals({
    onSignal: (signal) => app?.log.info({ signal }, 'closing'),
    close: async () => {
      await app?.close();
      await database.close();
    },
    timeoutMs: CLOSE_TIMEOUT_MS,
    messages: { timedOut: 'graceful close timed out', failed: 'error while closing' },
  });
}

main().catch((err: unknown) => {
  // A setting at fault: its one-line message names it. Anything else is a bug: the whole error, with its stack.
  console.error(err instanceof Error && OPERATOR_ERRORS.has(err.name) ? err.message : err);
  process.exit(1);
});
