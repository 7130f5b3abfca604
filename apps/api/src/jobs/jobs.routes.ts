import type { Database } from '@filaha/db';
import {
  JOB_QUEUES,
  type AcquisitionProgress,
  type FailedJob,
  type JobCounts,
  type JobQueue,
  type JobsOverview,
  type StorageLocation,
} from '@filaha/shared';
import { jobsContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../core/contract-route.ts';
import { NotFoundError } from '../core/errors.ts';
import { createJobsRepository } from './jobs.repository.ts';
import type { JobRuntime } from './runtime.ts';

const STAFF = ['Admin', 'Manager'] as const;
const EMPTY: JobCounts = { queued: 0, running: 0, retrying: 0, dead: 0, completed: 0 };
/** pg-boss job states → the back office's words. */
const STATE_TO_COUNT: Record<string, keyof JobCounts | undefined> = {
  created: 'queued',
  active: 'running',
  retry: 'retrying',
  failed: 'dead',
  completed: 'completed',
};

function errorOf(output: unknown): string | null {
  if (output && typeof output === 'object' && 'message' in output) return String(output.message).slice(0, 300);
  if (typeof output === 'string') return output.slice(0, 300);
  return null;
}

function subjectOf(queue: string, data: unknown): string {
  const d = (data ?? {}) as Record<string, unknown>;
  if (queue === 'tile-pass') {
    const n = Array.isArray(d.parcelIds) ? d.parcelIds.length : 0;
    return `tile ${String(d.itemId)} · ${n} parcel${n === 1 ? '' : 's'}`;
  }
  if (queue === 'parcel-scene') return `parcel ${String(d.parcelId)} · ${String(d.acquisition)}`;
  if (queue === 'alert-email') return `alert ${String(d.alertId)}`;
  if (queue === 'sms-send') return `sms ${String(d.messageId)}`;
  if (queue === 'parcel-import') return `import ${String(d.importId)}`;
  if (queue === 'territory-refresh') return `organisation ${String(d.organisationId)}`;
  if (queue === 'weather-refresh') return `weather · ${String(d.trigger ?? '')}`;
  return String(d.trigger ?? '');
}

/** Acquisitions whose passes the page shows. */
const PROGRESS_ACQUISITIONS = 6;

/** The tile passes of the latest acquisitions, per acquisition (issue 29 §3). */
async function acquisitionsProgress(repo: ReturnType<typeof createJobsRepository>): Promise<AcquisitionProgress[]> {
  const { rows, known, failures } = await repo.passProgress(PROGRESS_ACQUISITIONS);
  const byKey = new Map<string, AcquisitionProgress>();
  const now = Date.now();
  for (const r of rows) {
    const record = known.find((k) => k.key === r.acquisition);
    const entry = byKey.get(r.acquisition) ?? {
      key: r.acquisition,
      date: record?.date ?? r.acquisition.split('|').at(-1) ?? '',
      tilesFound: record?.sceneIds.length ?? 0,
      tilesToPass: 0,
      tilesDone: 0,
      parcels: 0,
      parcelsDone: 0,
      points: 0,
      running: 0,
      waiting: 0,
      failures: [],
      startedAt: null,
      etaSeconds: null,
    };
    entry.tilesToPass += 1;
    if (Number(r.done) === Number(r.jobs)) entry.tilesDone += 1;
    entry.parcels += Number(r.parcels);
    entry.parcelsDone += Number(r.parcels_done);
    entry.points += Number(r.points);
    entry.running += Number(r.running);
    entry.waiting += Number(r.waiting);
    if (r.started) {
      const started = new Date(r.started).toISOString();
      if (entry.startedAt === null || started < entry.startedAt) entry.startedAt = started;
    }
    byKey.set(r.acquisition, entry);
  }
  for (const f of failures) {
    const entry = byKey.get(f.acquisition);
    if (!entry || entry.failures.length >= 5) continue;
    const dead = f.state === 'failed';
    entry.failures.push({
      id: f.id,
      itemId: f.item,
      parcels: Number(f.parcels),
      state: dead ? 'dead' : 'retrying',
      attempts: Number(f.retry_count) + (dead ? 1 : 0),
      maxAttempts: Number(f.retry_limit) + 1,
      error: errorOf(f.output),
    });
  }
  return [...byKey.values()]
    .map((entry) => {
      const left = entry.parcels - entry.parcelsDone;
      const elapsed = entry.startedAt ? (now - Date.parse(entry.startedAt)) / 1000 : 0;
      // At the rate of the parcels finished so far since the first pass started.
      const etaSeconds =
        left > 0 && entry.parcelsDone > 0 && elapsed > 0 ? Math.ceil((left * elapsed) / entry.parcelsDone) : null;
      return { ...entry, etaSeconds };
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.key.localeCompare(b.key));
}

export async function jobsOverview(
  database: Database,
  schedule: string | null,
  storageNotShared: StorageLocation[] = [],
): Promise<JobsOverview> {
  const queues = new Map<JobQueue, JobCounts>(JOB_QUEUES.map((q) => [q, { ...EMPTY }]));
  const failed: FailedJob[] = [];
  let acquisitions: AcquisitionProgress[] = [];
  const repo = createJobsRepository(database.db);
  if (await repo.queueInstalled()) {
    acquisitions = await acquisitionsProgress(repo);
    for (const row of await repo.jobCounts()) {
      const key = STATE_TO_COUNT[row.state];
      const entry = queues.get(row.name);
      if (key && entry) entry[key] += Number(row.n);
    }
    for (const r of await repo.recentFailures()) {
      failed.push({
        id: r.id,
        queue: r.name,
        state: r.state === 'failed' ? 'dead' : 'retrying',
        attempts: Number(r.retry_count) + (r.state === 'failed' ? 1 : 0),
        maxAttempts: Number(r.retry_limit) + 1,
        error: errorOf(r.output),
        subject: subjectOf(r.name, r.data),
        at: new Date(r.at).toISOString(),
      });
    }
  }
  const totals = { ...EMPTY };
  for (const counts of queues.values())
    for (const key of Object.keys(totals) as Array<keyof JobCounts>) totals[key] += counts[key];
  const poll = await repo.lastPoll();
  return {
    totals,
    queues: [...queues].map(([queue, counts]) => ({ queue, ...counts })),
    lastPoll: poll
      ? {
          id: poll.id,
          trigger: poll.trigger,
          startedAt: poll.startedAt.toISOString(),
          finishedAt: poll.finishedAt?.toISOString() ?? null,
          parcels: poll.parcels,
          found: poll.found,
          newAcquisitions: poll.newAcquisitions,
          jobs: poll.jobs,
          error: poll.error,
        }
      : null,
    schedule,
    failed,
    acquisitions,
    storageNotShared,
  };
}

/**
 * The back office's jobs page (staff: Admin, Manager): counts per state, the last catalog poll, recent failures;
 * "run the catalog poll now" and "retry" of a dead job.
 */
export const jobsRoutes: FastifyPluginAsyncZod<{
  database: Database;
  jobs: JobRuntime;
  schedule: string | null;
  /** Other live processes' local file folders (modules/health/storage-status.ts). */
  notShared?: () => Promise<StorageLocation[]>;
}> = async (app, { database, jobs, schedule, notShared }) => {
  const staff = app.requireRole(...STAFF);
  const repo = createJobsRepository(database.db);

  app.route({
    ...fromContract(contract.overview),
    onRequest: staff,
    handler: async () => jobsOverview(database, schedule, await (notShared?.() ?? [])),
  });

  app.route({
    ...fromContract(contract.catalogPoll),
    // pg-boss writes on its own connection, outside a keyed request's transaction (plugins/idempotency.ts): no
    // Idempotency-Key here. "Run now" is a singleton job and a retry of a job no longer failed does nothing.
    config: { ...fromContract(contract.catalogPoll).config, idempotency: false },
    onRequest: staff,
    handler: async (_request, reply) => {
      const queued = await jobs.pollNow('manual');
      return reply.code(202).send({ queued });
    },
  });

  app.route({
    ...fromContract(contract.retry),
    config: { ...fromContract(contract.retry).config, idempotency: false },
    onRequest: staff,
    handler: async (request) => {
      const { id } = request.params;
      if (!(await repo.queueInstalled())) throw new NotFoundError();
      const name = await repo.failedJobQueue(id);
      if (!name) throw new NotFoundError();
      const boss = await jobs.boss();
      await boss.retry(name, id);
      return { retried: true as const };
    },
  });
};

/** The jobs page as a module of /api: the routes above, on `app.jobs` (jobs/plugin.ts) and the database. */
const jobsAdmin: FastifyPluginAsync = async (app) => {
  await app.register(jobsRoutes, {
    database: app.database,
    jobs: app.jobs,
    schedule: app.config.jobs.pollSchedule,
    notShared: () => app.storageStatus.notShared(),
  });
};

export const jobsModule = fp(jobsAdmin, {
  name: 'jobs',
  dependencies: ['platform', 'auth', 'filaha-jobs', 'storage-status'],
  encapsulate: true,
});
