import type { CatalogPollTrigger, Database } from '@filaha/db';
import type { Job, JobResult, PgBoss } from 'pg-boss';
import type { Config } from '../config.ts';
import type { Mailer } from '../lib/mailer.ts';
import type { Imagery } from '../lib/imagery/imagery.ts';
import { alertHooks } from './alerts-hooks.ts';
import { pollCatalog } from './catalog-poll.ts';
import { runParcelScene, type ParcelSceneData } from './parcel-scene.ts';
import { runTilePass, type TilePassData } from './tile-pass.ts';
import { refreshWeather, weatherSourcesFromConfig } from './weather-refresh.ts';
import { refreshTerritory, runImport } from '../modules/organisations/public.ts';
import { prepareAlertSms } from '../modules/alerts/public.ts';
import { sendStoredSms, smsInboundHandler } from '../modules/sms/public.ts';
import type { SmsChannel } from '../lib/sms/index.ts';
import { createBoss, QUEUE_NAMES, queueDefinitions, QUEUES } from './queue.ts';

export interface JobsLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobsDeps {
  database: Database;
  /** Without `weather` the weather-refresh queue is neither worked nor scheduled here (the tests' runtimes). */
  config: Pick<Config, 'jobs' | 'stacApiUrl'> & Partial<Pick<Config, 'publicUrl' | 'weather' | 'demoData'>>;
  imagery: Pick<Imagery, 'catalog' | 'minValidFraction' | 'cloudBufferM' | 'maskClasses'>;
  mailer: Mailer;
  /** The SMS channel (lib/sms); without it the sms-send queue is not worked here (the tests' runtimes). */
  sms?: SmsChannel;
  log: JobsLog;
}

export interface JobRuntime {
  /** pg-boss, started (schema installed) — lazily in a process that runs no jobs. */
  boss(): Promise<PgBoss>;
  /** Queues a catalog poll now; false when one is already queued or running (it will see the same catalog). */
  pollNow(trigger: CatalogPollTrigger): Promise<boolean>;
  /** Whether this process runs jobs (WORKERS > 0). */
  readonly working: boolean;
  /** Graceful stop: no new job is taken; running ones get `graceMs` to finish, then are failed (retried later). */
  stop(graceMs?: number): Promise<void>;
}

const POLL_KEY = 'catalog-poll';
const WEATHER_KEY = 'weather-refresh';

/** Runs the jobs of a batch concurrently; each completes or fails (and is retried) on its own. */
async function settleEach<T>(jobs: Array<Job<T>>, run: (job: Job<T>) => Promise<unknown>): Promise<JobResult[]> {
  const results = await Promise.allSettled(jobs.map((job) => run(job)));
  return results.map((result, i) =>
    result.status === 'fulfilled'
      ? { id: jobs[i]!.id, status: 'completed', output: result.value ?? null }
      : {
          id: jobs[i]!.id,
          status: 'failed',
          output: {
            name: (result.reason as Error)?.name ?? 'Error',
            message: (result.reason as Error)?.message ?? String(result.reason),
            stack: (result.reason as Error)?.stack,
          },
        },
  );
}

/**
 * The background jobs of this process (docs/ARCHITECTURE.md "Background work"). With WORKERS > 0 it starts
 * pg-boss now, with its maintenance and the cron schedule, works the three queues and queues a start-up poll;
 * with WORKERS=0 it only starts pg-boss on the first back-office call that needs it (to queue or retry a job).
 */
export function createJobRuntime(deps: JobsDeps): JobRuntime {
  const { database, config, imagery, mailer, log } = deps;
  const timing = { timeoutSeconds: config.jobs.timeoutSeconds, retryDelaySeconds: config.jobs.retryDelaySeconds };
  const working = config.jobs.workers > 0;
  const boss = createBoss(database, { ...timing, supervise: working });
  boss.on('error', (error) => log.error({ err: error, module: 'jobs' }, 'job queue error'));
  const alerts = alertHooks({
    database,
    mailer,
    imagery,
    publicUrl: config.publicUrl,
    jobTimeoutSeconds: config.jobs.timeoutSeconds,
  });
  let started: Promise<PgBoss> | undefined;
  let stopping = false;

  async function start(): Promise<PgBoss> {
    await boss.start();
    for (const queue of queueDefinitions(timing)) {
      const { name, policy, ...options } = queue;
      // Created once (by whichever process starts first); later starts apply the current timing settings.
      if (!(await boss.getQueue(name))) await boss.createQueue(name, { policy, ...options });
      else await boss.updateQueue(name, options);
    }
    if (!working) return boss;

    if (config.jobs.pollSchedule)
      await boss.schedule(
        QUEUES.poll,
        config.jobs.pollSchedule,
        { trigger: 'schedule' },
        {
          tz: 'UTC',
          singletonKey: POLL_KEY,
        },
      );
    else await boss.unschedule(QUEUES.poll);

    const workOptions = { pollingIntervalSeconds: 2 };
    await boss.work<{ trigger?: CatalogPollTrigger }>(QUEUES.poll, workOptions, async ([job]) => {
      const result = await pollCatalog(
        {
          db: database.db,
          boss,
          catalog: imagery.catalog,
          remoteCatalog: config.stacApiUrl !== undefined,
          chunkSize: config.jobs.tilePassParcels,
        },
        job!.data?.trigger ?? 'schedule',
      );
      log.info({ module: 'jobs', ...result }, 'catalog poll done');
      return result;
    });
    // A worker takes up to WORKERS jobs at once and settles each on its own (perJobResults); while batches come
    // back full it fetches again at once (burstWhenBatchFull), else every 2 s.
    const batch = {
      ...workOptions,
      batchSize: config.jobs.workers,
      perJobResults: true,
      burstWhenBatchFull: true,
    } as const;
    await boss.work<TilePassData>(QUEUES.tilePass, batch, (batchJobs) =>
      settleEach(batchJobs, (job) => {
        log.debug({ module: 'jobs', queue: QUEUES.tilePass, job: job.id }, 'job started');
        return runTilePass({ database, boss, imagery, alerts }, job.data);
      }),
    );
    // Jobs an earlier version queued per parcel × acquisition.
    await boss.work<ParcelSceneData>(QUEUES.parcelScene, batch, (batchJobs) =>
      settleEach(batchJobs, (job) => {
        log.debug({ module: 'jobs', queue: QUEUES.parcelScene, job: job.id }, 'job started');
        return runParcelScene({ database, boss, imagery, alerts }, job.data);
      }),
    );
    // An alert's SMS (when chosen and opted in) is stored once and its sms-send job queued before the e-mail: a retry
    // of this job (the e-mail failed) finds it stored and queues it again only while unsent (a singleton job).
    await boss.work<{ alertId: number }>(QUEUES.alertEmail, batch, (batchJobs) =>
      settleEach(batchJobs, async (job) => {
        const smsId = await prepareAlertSms({ database }, job.data.alertId);
        if (smsId !== undefined)
          await boss.send(QUEUES.smsSend, { messageId: smsId }, { singletonKey: `sms-${smsId}` });
        await alerts.sendEmail(job.data.alertId);
        return { alertId: job.data.alertId, sms: smsId ?? null };
      }),
    );
    await boss.work<{ importId: number }>(QUEUES.parcelImport, workOptions, async ([job]) => {
      const outcome = await runImport(database.db, job!.data.importId);
      log.info({ module: 'jobs', ...outcome }, 'parcel import done');
      return outcome;
    });
    await boss.work<{ organisationId: number }>(QUEUES.territoryRefresh, workOptions, async ([job]) => {
      const at = await refreshTerritory(database.db, job!.data.organisationId);
      log.info({ module: 'jobs', organisationId: job!.data.organisationId, at }, 'territory refreshed');
      return { computedAt: at.toISOString() };
    });
    if (config.weather) {
      const sources = weatherSourcesFromConfig(config.weather, config.demoData ?? false);
      await boss.work<{ trigger?: string }>(QUEUES.weatherRefresh, workOptions, async ([job]) => {
        const result = await refreshWeather({ db: database.db, ...sources });
        const level = result.failed > 0 ? 'warn' : 'info';
        log[level]({ module: 'jobs', trigger: job!.data?.trigger, ...result }, 'weather refreshed');
        return result;
      });
      // WEATHER_SCHEDULE=off: neither on a schedule nor at start-up (only when queued by hand).
      if (config.weather.schedule) {
        await boss.schedule(
          QUEUES.weatherRefresh,
          config.weather.schedule,
          { trigger: 'schedule' },
          { tz: 'UTC', singletonKey: WEATHER_KEY },
        );
        await boss.send(QUEUES.weatherRefresh, { trigger: 'startup' }, { singletonKey: WEATHER_KEY });
      } else await boss.unschedule(QUEUES.weatherRefresh);
    }
    if (deps.sms) {
      const sms = deps.sms;
      // Receipts and incoming texts ("STOP") arrive on the session this process keeps bound.
      sms.listen(smsInboundHandler(database, log));
      void sms.start();
      await boss.work<{ messageId: number }>(QUEUES.smsSend, batch, (batchJobs) =>
        settleEach(batchJobs, async (job) => {
          const outcome = await sendStoredSms(
            { database, sms, jobTimeoutSeconds: config.jobs.timeoutSeconds },
            job.data.messageId,
          );
          log.info({ module: 'jobs', messageId: job.data.messageId, outcome }, 'sms job done');
          return { messageId: job.data.messageId, outcome };
        }),
      );
    }
    await boss.send(QUEUES.poll, { trigger: 'startup' }, { singletonKey: POLL_KEY });
    log.info(
      { module: 'jobs', workers: config.jobs.workers, schedule: config.jobs.pollSchedule ?? 'off' },
      'background jobs started',
    );
    return boss;
  }

  const ensure = () => {
    if (stopping) return Promise.reject(new Error('job queue stopped'));
    started ??= start().catch((error: unknown) => {
      started = undefined;
      throw error;
    });
    return started;
  };

  return {
    working,
    boss: ensure,
    async pollNow(trigger) {
      const b = await ensure();
      return (await b.send(QUEUES.poll, { trigger }, { singletonKey: POLL_KEY })) !== null;
    },
    async stop(graceMs = 8_000) {
      stopping = true;
      const pending = started;
      if (!pending) return;
      await pending.catch(() => undefined);
      // close: false — the connection is the app's (closed by its owner after this).
      await boss.stop({ graceful: true, timeout: graceMs, close: false });
    },
  };
}

export { QUEUE_NAMES, QUEUES };
