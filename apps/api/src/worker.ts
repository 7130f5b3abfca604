/**
 * `npm run worker`: a worker-only process (no HTTP) running the background jobs against the shared PostgreSQL
 * database of DATABASE_URL — start any number, on any machine (docs/ARCHITECTURE.md "Background work"). The
 * embedded PGlite database has one process, which runs its jobs itself: there, use `npm start`.
 */
import { pino } from 'pino';
import { configOrExit, stopOnSignals } from './lib/process.ts';

/** Forced exit if stopping hangs: the job timeout takes the jobs back later anyway. */
const STOP_TIMEOUT_MS = 40_000;
/** Running jobs get this long to finish on SIGTERM before they are failed (and retried by another worker). */
const GRACE_MS = 30_000;

async function main(): Promise<void> {
  const config = configOrExit(process.env);
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
  const { createImagery, imageryOptionsFromConfig } = await import('./lib/imagery/imagery.ts');
  const { createJobRuntime } = await import('./jobs/runtime.ts');
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log });
  const { createSmsChannel } = await import('./lib/sms/index.ts');
  const sms = createSmsChannel(config, log);
  const imageryOptions = imageryOptionsFromConfig(config);
  // Without STAC_CATALOG_PATH and STAC_API_URL the jobs read the generated demo catalog: make sure it is there (made
  // once, under a lock shared with the API processes; docs/ARCHITECTURE.md).
  const { DEMO_CATALOG_PATH, ensureDemoCatalog } = await import('@filaha/imagery');
  if (imageryOptions.catalogPath === DEMO_CATALOG_PATH) await ensureDemoCatalog({ log: (line) => log.info(line) });
  const imagery = createImagery({ ...imageryOptions, warn: (message) => log.warn(message) });
  const runtime = createJobRuntime({ database, config, imagery, mailer, sms, log });
  try {
    await runtime.boss();
  } catch (error) {
    await database.close();
    throw error;
  }
  log.info({ workers: config.jobs.workers }, 'worker ready');

  stopOnSignals({
    onSignal: (signal) => log.info({ signal }, 'stopping: finishing or releasing the running jobs'),
    close: async () => {
      await runtime.stop(GRACE_MS);
      await mailer.close();
      await sms.close();
      await database.close();
    },
    timeoutMs: STOP_TIMEOUT_MS,
    messages: { timedOut: 'worker stop timed out', failed: 'error while stopping' },
  });
}

main().catch((err: unknown) => {
  const name = err instanceof Error ? err.name : '';
  console.error(['DatabaseUnreachableError', 'PostgisMissingError'].includes(name) ? (err as Error).message : err);
  process.exit(1);
});
