import { z } from 'zod';

/** Background jobs in the back office (issue 15 §4): GET /api/admin/jobs. */
export const JOB_QUEUES = [
  'catalog-poll',
  'tile-pass',
  'parcel-scene',
  'alert-email',
  'parcel-import',
  'territory-refresh',
  'weather-refresh',
  'sms-send',
] as const;
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

/** A tile pass of an acquisition that failed (issue 29 §3): retrying, or dead after its last attempt. */
export const PassFailure = z.object({
  /** The pass's job (the back office retries a dead one by this id). */
  id: z.string(),
  /** The catalog item (tile). */
  itemId: z.string(),
  parcels: z.number().int(),
  state: z.enum(['retrying', 'dead']),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  error: z.string().nullable(),
});
export type PassFailure = z.infer<typeof PassFailure>;

/** The progress of one acquisition's tile passes (issue 29 §3), newest acquisitions first. */
export const AcquisitionProgress = z.object({
  /** acquisitionKey(): platform × UTC day, e.g. "sentinel-2b|2025-10-29". */
  key: z.string(),
  date: z.string(),
  /** Tiles of the acquisition in the catalog. */
  tilesFound: z.number().int(),
  /** Of those, tiles with watched parcels (a pass to run), and tiles whose passes have all finished. */
  tilesToPass: z.number().int(),
  tilesDone: z.number().int(),
  /** Parcel × tile pairs queued, and done (parcels of finished pass jobs). */
  parcels: z.number().int(),
  parcelsDone: z.number().int(),
  /** Season points (parcel × index) the finished passes computed and stored. */
  points: z.number().int(),
  /** Pass jobs running now, and waiting (queued or waiting to retry). */
  running: z.number().int(),
  waiting: z.number().int(),
  failures: z.array(PassFailure),
  /** When the first pass started; null while none has. */
  startedAt: z.string().nullable(),
  /** Seconds left at the rate so far; null when nothing is left or no pass has finished yet. */
  etaSeconds: z.number().int().nullable(),
});
export type AcquisitionProgress = z.infer<typeof AcquisitionProgress>;

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
  /** The tile passes of the latest acquisitions (at most 6), newest first. */
  acquisitions: z.array(AcquisitionProgress),
  /**
   * Live processes on this database that keep their files in another local folder (PostgreSQL without S3_*):
   * files written by one are not visible to the others. Empty when storage is shared.
   */
  storageNotShared: z.array(StorageLocation),
});
export type JobsOverview = z.infer<typeof JobsOverview>;
