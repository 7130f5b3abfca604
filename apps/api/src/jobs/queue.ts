import type { Database } from '@filaha/db';
import { fromPglite, PgBoss, type Db as BossDb, type PGliteLike, type Queue } from 'pg-boss';

/**
 * The job queue: pg-boss (https://github.com/timgit/pg-boss) on the application's own database — its tables in
 * the `pgboss` schema, created and migrated by pg-boss at start. On the embedded PGlite it runs through pg-boss's
 * PGlite adapter and `backend: 'pglite'` (one process, one connection); on PostgreSQL through the app's pg pool,
 * so every API and worker process shares one queue. docs/ARCHITECTURE.md "Background work".
 */

/** Queue names. */
export const QUEUES = {
  /** Search the catalog over the covered parcels, remember new acquisitions, fan out the tile passes of its new items. */
  poll: 'catalog-poll',
  /**
   * One catalog item (a tile of an acquisition) × a chunk of the watched parcels under it: their season points in
   * one pass along the tile, then the alert rules (tile-pass.ts).
   */
  tilePass: 'tile-pass',
  /** One parcel × one acquisition (what the poll queued before the tile pass; kept for jobs already queued). */
  parcelScene: 'parcel-scene',
  /** One alert's e-mail. */
  alertEmail: 'alert-email',
  /** One organisation's parcel import: read the file, check every feature, store the parcels and the report. */
  parcelImport: 'parcel-import',
  /** One organisation's territory table recomputed after a tile pass stored points of its parcels. */
  territoryRefresh: 'territory-refresh',
  /** The weather of every parcel's grid cell: recent days, forecast, climatology (weather-refresh.ts). */
  weatherRefresh: 'weather-refresh',
  /** One stored SMS sent (modules/sms/sms.jobs.ts): at most once, a retry of a sent one does nothing. */
  smsSend: 'sms-send',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
export const QUEUE_NAMES: readonly QueueName[] = Object.values(QUEUES);

export interface QueueTiming {
  /** Seconds a job may stay active before it is taken back (a dead worker) and retried. */
  timeoutSeconds: number;
  /** First retry delay, doubled each time (retryBackoff), at most one hour. */
  retryDelaySeconds: number;
}

/** Retries before a job is dead (state `failed`, shown in the back office, retried from there). */
export const RETRY_LIMIT = 5;

/**
 * Queue definitions. Every queue is `exclusive` per singleton key: at most one job per key queued or running,
 * so a second "run now", a poll overlapping another, or an acquisition fanned out twice cannot run the same
 * work twice at once. (What has *completed* is remembered by the database: catalog_acquisitions and the unique
 * index of series_points — see catalog-poll.ts.)
 */
export function queueDefinitions(timing: QueueTiming): Array<Queue> {
  const common = {
    policy: 'exclusive',
    retryLimit: RETRY_LIMIT,
    retryDelay: timing.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: timing.timeoutSeconds,
    // Finished jobs are kept a week for the back office; dead ones until retried or 30 days.
    deleteAfterSeconds: 7 * 86_400,
    retentionSeconds: 30 * 86_400,
  } as const;
  return [
    { name: QUEUES.poll, ...common },
    { name: QUEUES.tilePass, ...common },
    { name: QUEUES.parcelScene, ...common },
    { name: QUEUES.alertEmail, ...common },
    { name: QUEUES.parcelImport, ...common },
    { name: QUEUES.territoryRefresh, ...common },
    { name: QUEUES.smsSend, ...common },
    { name: QUEUES.weatherRefresh, ...common },
  ];
}

interface PgPoolLike {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] } | Array<{ rows: unknown[] }>>;
}

/** The driver client under drizzle (`db.$client`): a PGlite instance or a pg Pool. */
function clientOf(database: Database): unknown {
  return (database.db as unknown as { $client: unknown }).$client;
}

/** A pg-boss database adapter over the app's own connection(s). */
export function bossDb(database: Database): BossDb {
  if (database.kind === 'pglite') return fromPglite(clientOf(database) as PGliteLike);
  const pool = clientOf(database) as PgPoolLike;
  return {
    // pg answers a multi-statement text with one result per statement; pg-boss unwraps that array itself.
    executeSql: async (text, values) => (await pool.query(text, values)) as { rows: unknown[] },
  };
}

export interface BossOptions extends QueueTiming {
  /** This process runs jobs: also maintenance, expiry of dead workers' jobs and the cron schedules. */
  supervise: boolean;
}

export function createBoss(database: Database, options: BossOptions): PgBoss {
  // Expired jobs (a worker that died) are noticed by the monitor: keep its period within the job timeout.
  const monitorSeconds = Math.max(1, Math.min(60, Math.floor(options.timeoutSeconds / 2)));
  return new PgBoss({
    db: bossDb(database),
    backend: database.kind === 'pglite' ? 'pglite' : 'postgres',
    schema: 'pgboss',
    supervise: options.supervise,
    schedule: options.supervise,
    superviseIntervalSeconds: monitorSeconds,
    monitorIntervalSeconds: monitorSeconds,
  });
}
