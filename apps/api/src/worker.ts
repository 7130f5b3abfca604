/**
 * `npm run worker`: a worker-only process (no HTTP) running the background jobs against the shared PostgreSQL
 * database of DATABASE_URL — start any number, on any machine (docs/ARCHITECTURE.md "Background work"). The
 * embedded PGlite database has one process, which runs its jobs itself: there, use `npm start`.
 */
import { pino } from 'pino';
import { ConfigError, loadConfig, type Config } from './config.ts';

/** Forced exit if stopping hangs: the job timeout takes the jobs back later anyway. */
const STOP_TIMEOUT_MS = 40_000;
/** Running jobs get this long to finish on SIGTERM before they are failed (and retried by another worker). */
const GRACE_MS = 30_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (!config.databaseUrl) {
    console.error(
      'DATABASE_URL: required by npm run worker (the embedded database runs its jobs inside the API process: npm start)',
    );
    process.exit(1);
  }
  if (config.jobs.workers === 0) {
    console.error('WORKERS: a worker process needs at least 1 (got 0)');
    process.exit(1);
  }

  const log = pino({ level: config.logLevel, base: { process: 'worker', pid: process.pid } });
  const db = await import('@filaha/db');
  await db.waitForPostgres(config.databaseUrl, {
    timeoutMs: config.databaseWaitSeconds * 1000,
    onRetry: (reason) => log.warn(reason),
  });
  // Migrates like an API process would (under the same advisory lock), so workers may start first.
  const database = await db.createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { createMailer } = await import('./lib/mailer.ts');
  const { createImagery, imageryOptionsFromConfig } = await import('./modules/images/imagery.ts');
  const { createJobRuntime } = await import('./jobs/runtime.ts');
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log });
  const imageryOptions = imageryOptionsFromConfig(config);
  // Without STAC_CATALOG_PATH and STAC_API_URL the jobs read the generated demo catalog: make sure it is there (made
  // once, under a lock shared with the API processes; docs/ARCHITECTURE.md).
  const { DEMO_CATALOG_PATH, ensureDemoCatalog } = await import('@filaha/imagery');
  if (imageryOptions.catalogPath === DEMO_CATALOG_PATH) await ensureDemoCatalog({ log: (line) => log.info(line) });
  const imagery = createImagery({ ...imageryOptions, warn: (message) => log.warn(message) });
  const runtime = createJobRuntime({ database, config, imagery, mailer, log });
  try {
    await runtime.boss();
  } catch (error) {
    await database.close();
    throw error;
  }
  log.info({ workers: config.jobs.workers }, 'worker ready');

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info({ signal }, 'stopping: finishing or releasing the running jobs');
    setTimeout(() => {
      console.error('worker stop timed out');
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    void (async () => {
      try {
        await runtime.stop(GRACE_MS);
        await mailer.close();
        await database.close();
        process.exit(0);
      } catch (err) {
        console.error('error while stopping', err);
        process.exit(1);
      }
    })();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  const name = err instanceof Error ? err.name : '';
  console.error(['DatabaseUnreachableError', 'PostgisMissingError'].includes(name) ? (err as Error).message : err);
  process.exit(1);
});
