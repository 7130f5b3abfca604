import { z } from 'zod';

/** Background jobs in the back office (issue 15 §4): GET /api/admin/jobs. */
export const JOB_QUEUES = ['catalog-poll', 'tile-pass', 'parcel-scene', 'alert-email'] as const;
export type JobQueue = (typeof JOB_QUEUES)[number];

export const JobCounts = z.object({
  /** Waiting to run (created, not yet taken). */
  queued: z.number().int(),
  /** Taken by a worker now. */
  running: z.number().int(),
  /** Failed at least once, waiting for their next attempt (backoff). */
  retrying: z.number().int(),
  /** Failed on every attempt: wait for a staff member's "retry". */
  dead: z.number().int(),
  /** Finished in the last week (kept that long). */
  completed: z.number().int(),
});
export type JobCounts = z.infer<typeof JobCounts>;

export const CatalogPollSummary = z.object({
  id: z.number().int(),
  trigger: z.enum(['schedule', 'startup', 'manual']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Covered parcels looked for. */
  parcels: z.number().int().nullable(),
  /** Acquisitions over them in the catalog; of those, new ones; parcel × acquisition jobs queued. */
  found: z.number().int().nullable(),
  newAcquisitions: z.number().int().nullable(),
  jobs: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type CatalogPollSummary = z.infer<typeof CatalogPollSummary>;

export const FailedJob = z.object({
  id: z.string(),
  queue: z.enum(JOB_QUEUES),
  state: z.enum(['retrying', 'dead']),
  /** Attempts made so far, and allowed. */
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  error: z.string().nullable(),
  /** What the job was about, e.g. "parcel 12 · S2B|2025-08-12". */
  subject: z.string(),
  at: z.string(),
});
export type FailedJob = z.infer<typeof FailedJob>;

/** Another live API process's local file folder (issue 28 §1): its files are not visible from here. */
export const StorageLocation = z.object({ host: z.string(), path: z.string(), lastSeen: z.string() });
export type StorageLocation = z.infer<typeof StorageLocation>;

export const JobsOverview = z.object({
  totals: JobCounts,
  queues: z.array(JobCounts.extend({ queue: z.enum(JOB_QUEUES) })),
  lastPoll: CatalogPollSummary.nullable(),
  /** CATALOG_POLL_SCHEDULE (cron, UTC); null: only at start-up and on demand. */
  schedule: z.string().nullable(),
  /** Most recent first, at most 20. */
  failed: z.array(FailedJob),
  /**
   * Live processes on this database that keep their files in another local folder (PostgreSQL without S3_*):
   * files written by one are not visible to the others. Empty when storage is shared.
   */
  storageNotShared: z.array(StorageLocation),
});
export type JobsOverview = z.infer<typeof JobsOverview>;
