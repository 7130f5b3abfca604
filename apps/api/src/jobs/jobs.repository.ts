import {
  and,
  asc,
  catalogAcquisitions,
  catalogPolls,
  desc,
  eq,
  exists,
  farmerSubscriptions,
  indices,
  parcels,
  planIndices,
  seriesPoints,
  sql,
  type CatalogPollTrigger,
  type Db,
  type PolygonGeometry,
} from '@filaha/db';
import { JOB_QUEUES, type JobQueue } from '@filaha/shared';
import { fromDrizzle } from 'pg-boss';

/** A parcel the catalog poll watches, with its bounding box [xmin, ymin, xmax, ymax]. */
export interface CoveredParcel {
  id: number;
  bbox: [number, number, number, number];
}

/** What a finished poll found (catalog_polls). */
export interface PollSummary {
  windowStart: string;
  windowEnd: string;
  parcels: number;
  found: number;
  newAcquisitions: number;
  jobs: number;
}

/** One pg-boss job that failed at least once (the back office's recent failures). */
export type FailedJobRow = {
  id: string;
  name: JobQueue;
  state: string;
  retry_count: number;
  retry_limit: number;
  output: unknown;
  data: unknown;
  at: string | Date;
};

const queueList = sql.join(
  JOB_QUEUES.map((q) => sql`${q}`),
  sql`, `,
);

/** Records an acquisition unless its key is known already; whether this call recorded it. */
async function recordAcquisition(db: Db, values: typeof catalogAcquisitions.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(catalogAcquisitions)
    .values(values)
    .onConflictDoNothing()
    .returning({ key: catalogAcquisitions.key });
  return inserted.length > 0;
}

/** What the catalog poll writes in its transaction (with pg-boss's inserts of the jobs). */
export interface PollTransaction {
  recordAcquisition(values: typeof catalogAcquisitions.$inferInsert): Promise<boolean>;
}

/**
 * The background jobs' reads and writes (catalog-poll.ts, parcel-scene.ts, runtime.ts, jobs.routes.ts): the
 * catalog's polls and acquisitions, the parcels and plan indices a job computes, and pg-boss's job table.
 */
export function createJobsRepository(db: Db) {
  return {
    /**
     * Runs `work` in one transaction: what `tx` records and the jobs pg-boss inserts through `queueDb` commit
     * together or not at all.
     */
    transaction<T>(work: (tx: PollTransaction, queueDb: ReturnType<typeof fromDrizzle>) => Promise<T>): Promise<T> {
      return db.transaction((tx) =>
        work({ recordAcquisition: (values) => recordAcquisition(tx, values) }, fromDrizzle(tx, sql)),
      );
    },

    /**
     * The parcels the platform watches: their owner has an active subscription whose plan holds at least one
     * index (the same rule that lets a farmer draw the curve: modules/season/season.service.ts).
     */
    async coveredParcels(): Promise<CoveredParcel[]> {
      const rows = await db
        .select({ id: parcels.id, xmin: parcels.bWS, xmax: parcels.bWN, ymin: parcels.bES, ymax: parcels.bEN })
        .from(parcels)
        .where(
          exists(
            db
              .select({ one: sql`1` })
              .from(farmerSubscriptions)
              .innerJoin(planIndices, eq(planIndices.planId, farmerSubscriptions.planId))
              .where(and(eq(farmerSubscriptions.userId, parcels.userId), eq(farmerSubscriptions.state, 'actif'))),
          ),
        )
        .orderBy(parcels.id);
      return rows.map((r) => ({ id: r.id, bbox: [r.xmin, r.ymin, r.xmax, r.ymax] }));
    },

    /** The day of the newest acquisition recorded (by datetime); undefined before the first. */
    async newestAcquisitionDate(): Promise<string | undefined> {
      const [newest] = await db
        .select({ date: catalogAcquisitions.date })
        .from(catalogAcquisitions)
        .orderBy(desc(catalogAcquisitions.datetime))
        .limit(1);
      return newest?.date;
    },

    /** Records the start of a poll; its id. */
    async startPoll(trigger: CatalogPollTrigger): Promise<number> {
      const [poll] = await db.insert(catalogPolls).values({ trigger }).returning({ id: catalogPolls.id });
      return poll!.id;
    },

    async finishPoll(pollId: number, summary: PollSummary): Promise<void> {
      await db
        .update(catalogPolls)
        .set({ finishedAt: new Date(), ...summary })
        .where(eq(catalogPolls.id, pollId));
    },

    async failPoll(pollId: number, error: string): Promise<void> {
      await db.update(catalogPolls).set({ finishedAt: new Date(), error }).where(eq(catalogPolls.id, pollId));
    },

    async lastPoll() {
      const [poll] = await db.select().from(catalogPolls).orderBy(desc(catalogPolls.id)).limit(1);
      return poll;
    },

    async parcel(parcelId: number): Promise<{ id: number; userId: number; geom: PolygonGeometry } | undefined> {
      const [parcel] = await db
        .select({ id: parcels.id, userId: parcels.userId, geom: parcels.geom })
        .from(parcels)
        .where(eq(parcels.id, parcelId));
      return parcel;
    },

    /** The index codes of the active subscriptions of the user, ascending. */
    async planIndexCodes(userId: number): Promise<string[]> {
      const rows = await db
        .selectDistinct({ code: indices.code })
        .from(farmerSubscriptions)
        .innerJoin(planIndices, eq(planIndices.planId, farmerSubscriptions.planId))
        .innerJoin(indices, eq(indices.id, planIndices.indexId))
        .where(and(eq(farmerSubscriptions.userId, userId), eq(farmerSubscriptions.state, 'actif')))
        .orderBy(asc(indices.code));
      return rows.map((r) => r.code);
    },

    /** The scene id of the stored point (status 'point') of the parcel × index × basis on that day, if any. */
    async pointScene(parcelId: number, index: string, basis: string, date: string): Promise<string | null> {
      const [point] = await db
        .select({ sceneId: seriesPoints.sceneId })
        .from(seriesPoints)
        .where(
          and(
            eq(seriesPoints.parcelId, parcelId),
            eq(seriesPoints.indexCode, index),
            eq(seriesPoints.basis, basis),
            eq(seriesPoints.date, date),
            eq(seriesPoints.status, 'point'),
          ),
        )
        .orderBy(asc(seriesPoints.sceneId))
        .limit(1);
      return point?.sceneId ?? null;
    },

    /** Whether pg-boss's tables exist yet (a process that runs no jobs creates them on first need). */
    async queueInstalled(): Promise<boolean> {
      const { rows } = await db.execute<{ present: boolean }>(
        sql`SELECT to_regclass('pgboss.job') IS NOT NULL AS present`,
      );
      return Boolean(rows[0]?.present);
    },

    /** The number of jobs per queue × pg-boss state. */
    async jobCounts(): Promise<Array<{ name: JobQueue; state: string; n: number }>> {
      const { rows } = await db.execute<{ name: JobQueue; state: string; n: number }>(
        sql`SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job WHERE name IN (${queueList}) GROUP BY 1, 2`,
      );
      return rows;
    },

    /** The 20 latest jobs retrying or failed for good, newest first. */
    async recentFailures(): Promise<FailedJobRow[]> {
      const { rows } = await db.execute<FailedJobRow>(
        sql`SELECT id::text AS id, name, state::text AS state, retry_count, retry_limit, output, data,
                   coalesce(completed_on, started_on, created_on) AS at
              FROM pgboss.job
             WHERE name IN (${queueList}) AND state IN ('retry', 'failed')
             ORDER BY coalesce(completed_on, started_on, created_on) DESC, id
             LIMIT 20`,
      );
      return rows;
    },

    /** The queue of a job of ours that failed for good; undefined for any other id. */
    async failedJobQueue(id: string): Promise<string | undefined> {
      const { rows } = await db.execute<{ name: string }>(
        sql`SELECT name FROM pgboss.job WHERE id = ${id}::uuid AND name IN (${queueList}) AND state = 'failed'`,
      );
      return rows[0]?.name;
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
