import {
  and,
  asc,
  catalogAcquisitions,
  catalogParcelItems,
  catalogPolls,
  desc,
  eq,
  exists,
  farmerSubscriptions,
  inArray,
  indices,
  isNotNull,
  or,
  parcels,
  planIndices,
  seriesPoints,
  sql,
  type CatalogPollTrigger,
  type Db,
  type PolygonGeometry,
  type SQL,
  heldByFarmer,
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

/**
 * Records an acquisition unless its key is known already, else adds the tiles it did not list yet (a tile of the
 * pass published later); whether this call recorded it.
 */
async function recordAcquisition(db: Db, values: typeof catalogAcquisitions.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(catalogAcquisitions)
    .values(values)
    .onConflictDoNothing()
    .returning({ key: catalogAcquisitions.key });
  if (inserted.length > 0) return true;
  const [known] = await db
    .select({ sceneIds: catalogAcquisitions.sceneIds })
    .from(catalogAcquisitions)
    .where(eq(catalogAcquisitions.key, values.key));
  const all = [...new Set([...(known?.sceneIds ?? []), ...values.sceneIds])].sort();
  if (known && all.length > known.sceneIds.length)
    await db.update(catalogAcquisitions).set({ sceneIds: all }).where(eq(catalogAcquisitions.key, values.key));
  return false;
}

/** A parcel × catalog item whose job is queued (catalog_parcel_items). */
export interface ParcelItem {
  parcelId: number;
  itemId: string;
}

/**
 * Of `pairs` (parcel × item of one acquisition), those never queued: they are recorded now, in the transaction
 * that queues their jobs (ON CONFLICT DO NOTHING decides between two polls).
 */
async function claimParcelItems(db: Db, key: string, pollId: number, pairs: ParcelItem[]): Promise<ParcelItem[]> {
  const claimed: ParcelItem[] = [];
  for (let i = 0; i < pairs.length; i += 1000) {
    const rows = await db
      .insert(catalogParcelItems)
      .values(pairs.slice(i, i + 1000).map((p) => ({ ...p, acquisitionKey: key, pollId })))
      .onConflictDoNothing()
      .returning({ parcelId: catalogParcelItems.parcelId, itemId: catalogParcelItems.itemId });
    claimed.push(...rows);
  }
  return claimed;
}

/** What the catalog poll writes in its transaction (with pg-boss's inserts of the jobs). */
export interface PollTransaction {
  recordAcquisition(values: typeof catalogAcquisitions.$inferInsert): Promise<boolean>;
  /** The pairs never queued before, now recorded as queued. */
  claimParcelItems(key: string, pollId: number, pairs: ParcelItem[]): Promise<ParcelItem[]>;
  /** The parcels (of `parcelIds`) queued for some item of the acquisition `key` by a poll other than `pollId`. */
  parcelsQueuedBefore(key: string, parcelIds: number[], pollId: number): Promise<Set<number>>;
}

/** The parcels of `parcelIds` with a catalog_parcel_items row that `where` accepts (1,000 ids per query). */
async function parcelsWithItems(db: Db, parcelIds: number[], where?: SQL): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < parcelIds.length; i += 1000) {
    const rows = await db
      .selectDistinct({ parcelId: catalogParcelItems.parcelId })
      .from(catalogParcelItems)
      .where(and(inArray(catalogParcelItems.parcelId, parcelIds.slice(i, i + 1000)), where));
    for (const r of rows) found.add(r.parcelId);
  }
  return found;
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
        work(
          {
            recordAcquisition: (values) => recordAcquisition(tx, values),
            claimParcelItems: (key, pollId, pairs) => claimParcelItems(tx, key, pollId, pairs),
            parcelsQueuedBefore: (key, parcelIds, pollId) =>
              parcelsWithItems(
                tx,
                parcelIds,
                and(
                  eq(catalogParcelItems.acquisitionKey, key),
                  sql`${catalogParcelItems.pollId} IS DISTINCT FROM ${pollId}`,
                ),
              ),
          },
          fromDrizzle(tx, sql),
        ),
      );
    },

    /**
     * The parcels the platform watches: their owner has an active subscription whose plan holds at least one
     * index (the same rule that lets a farmer draw the curve: modules/season/season.service.ts), and every parcel
     * an organisation holds (its territory view's conditions, issue 30 §3).
     */
    async coveredParcels(): Promise<CoveredParcel[]> {
      const rows = await db
        .select({ id: parcels.id, xmin: parcels.bWS, xmax: parcels.bWN, ymin: parcels.bES, ymax: parcels.bEN })
        .from(parcels)
        .where(
          or(
            // An organisation's own parcels are watched for its territory view (tile-pass.ts).
            isNotNull(parcels.organisationId),
            exists(
              db
                .select({ one: sql`1` })
                .from(farmerSubscriptions)
                .innerJoin(planIndices, eq(planIndices.planId, farmerSubscriptions.planId))
                .where(and(eq(farmerSubscriptions.userId, parcels.userId), eq(farmerSubscriptions.state, 'actif'))),
            ),
          ),
        )
        .orderBy(parcels.id);
      return rows.map((r) => ({ id: r.id, bbox: [r.xmin, r.ymin, r.xmax, r.ymax] }));
    },

    /** Of `parcelIds`, those no item was ever queued for (new parcels: back-filled over a longer window). */
    async parcelsNeverQueued(parcelIds: number[]): Promise<Set<number>> {
      const seen = await parcelsWithItems(db, parcelIds);
      return new Set(parcelIds.filter((id) => !seen.has(id)));
    },

    /**
     * Drops the stored skips (CLOUDY, OUTSIDE_COVERAGE) of these parcels on a day: a tile of that pass published later
     * may cover what the first tiles did not, so the day is computed again over every tile (points stay: a point's
     * alerts were sent once and must not be sent again).
     */
    async dropSkipsOf(parcelIds: number[], date: string): Promise<number> {
      let dropped = 0;
      for (let i = 0; i < parcelIds.length; i += 1000) {
        const rows = await db
          .delete(seriesPoints)
          .where(
            and(
              inArray(seriesPoints.parcelId, parcelIds.slice(i, i + 1000)),
              eq(seriesPoints.date, date),
              sql`${seriesPoints.status} <> 'point'`,
            ),
          )
          .returning({ id: seriesPoints.id });
        dropped += rows.length;
      }
      return dropped;
    },

    /** The parcels of a tile pass's chunk that still exist: owner, geometry and bounding box. */
    async parcelsForPass(parcelIds: number[]) {
      const out: Array<{
        id: number;
        /** The farmer holding it; null for an organisation's own parcel. */
        userId: number | null;
        geom: PolygonGeometry;
        bbox: [number, number, number, number];
      }> = [];
      for (let i = 0; i < parcelIds.length; i += 1000) {
        const rows = await db
          .select({
            id: parcels.id,
            userId: parcels.userId,
            geom: parcels.geom,
            xmin: parcels.bWS,
            xmax: parcels.bWN,
            ymin: parcels.bES,
            ymax: parcels.bEN,
          })
          .from(parcels)
          .where(inArray(parcels.id, parcelIds.slice(i, i + 1000)))
          .orderBy(parcels.id);
        for (const r of rows)
          out.push({ id: r.id, userId: r.userId, geom: r.geom, bbox: [r.xmin, r.ymin, r.xmax, r.ymax] });
      }
      return out;
    },

    /** The index codes of the users' active subscriptions: user id → codes, ascending (none: absent). */
    async planIndexCodesOf(userIds: number[]): Promise<Map<number, string[]>> {
      const out = new Map<number, string[]>();
      for (let i = 0; i < userIds.length; i += 1000) {
        const rows = await db
          .selectDistinct({ userId: farmerSubscriptions.userId, code: indices.code })
          .from(farmerSubscriptions)
          .innerJoin(planIndices, eq(planIndices.planId, farmerSubscriptions.planId))
          .innerJoin(indices, eq(indices.id, planIndices.indexId))
          .where(
            and(
              inArray(farmerSubscriptions.userId, userIds.slice(i, i + 1000)),
              eq(farmerSubscriptions.state, 'actif'),
            ),
          )
          .orderBy(asc(farmerSubscriptions.userId), asc(indices.code));
        for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), r.code]);
      }
      return out;
    },

    /** The stored rows (points and skips) of these parcels on that day, as `parcel|index|basis` keys. */
    async storedSeries(parcelIds: number[], date: string): Promise<Set<string>> {
      const out = new Set<string>();
      for (let i = 0; i < parcelIds.length; i += 1000) {
        const rows = await db
          .select({ parcelId: seriesPoints.parcelId, indexCode: seriesPoints.indexCode, basis: seriesPoints.basis })
          .from(seriesPoints)
          .where(and(inArray(seriesPoints.parcelId, parcelIds.slice(i, i + 1000)), eq(seriesPoints.date, date)));
        for (const r of rows) out.add(`${r.parcelId}|${r.indexCode}|${r.basis}`);
      }
      return out;
    },

    /** The stored points (status 'point') of these parcels on that day: parcel, basis and scene, by scene id. */
    async pointScenes(parcelIds: number[], date: string) {
      const out: Array<{ parcelId: number; basis: string; sceneId: string }> = [];
      for (let i = 0; i < parcelIds.length; i += 1000) {
        const rows = await db
          .selectDistinct({ parcelId: seriesPoints.parcelId, basis: seriesPoints.basis, sceneId: seriesPoints.sceneId })
          .from(seriesPoints)
          .where(
            and(
              inArray(seriesPoints.parcelId, parcelIds.slice(i, i + 1000)),
              eq(seriesPoints.date, date),
              eq(seriesPoints.status, 'point'),
            ),
          )
          .orderBy(asc(seriesPoints.parcelId), asc(seriesPoints.sceneId));
        out.push(...rows);
      }
      return out;
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
      return heldByFarmer(parcel);
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

    /**
     * The tile pass jobs of the `limit` latest acquisitions (by their newest job), per acquisition × item: jobs,
     * finished, running, waiting, dead, parcels (all and finished), points stored, first start; with the
     * acquisition's tiles in the catalog.
     */
    async passProgress(limit: number) {
      const { rows } = await db.execute<{
        acquisition: string;
        item: string;
        jobs: number;
        done: number;
        running: number;
        waiting: number;
        parcels: number;
        parcels_done: number;
        points: number;
        started: string | Date | null;
      }>(
        sql`WITH latest AS (
              SELECT data->>'acquisition' AS acquisition
                FROM pgboss.job WHERE name = 'tile-pass'
               GROUP BY 1 ORDER BY max(created_on) DESC LIMIT ${limit})
            SELECT j.data->>'acquisition' AS acquisition, j.data->>'itemId' AS item,
                   count(*)::int AS jobs,
                   (count(*) FILTER (WHERE j.state = 'completed'))::int AS done,
                   (count(*) FILTER (WHERE j.state = 'active'))::int AS running,
                   (count(*) FILTER (WHERE j.state IN ('created', 'retry')))::int AS waiting,
                   coalesce(sum(jsonb_array_length(j.data->'parcelIds')), 0)::int AS parcels,
                   coalesce(sum(jsonb_array_length(j.data->'parcelIds')) FILTER (WHERE j.state = 'completed'), 0)::int
                     AS parcels_done,
                   coalesce(sum((j.output->>'points')::int) FILTER (WHERE j.state = 'completed'), 0)::int AS points,
                   min(j.started_on) AS started
              FROM pgboss.job j JOIN latest l ON l.acquisition = j.data->>'acquisition'
             WHERE j.name = 'tile-pass'
             GROUP BY 1, 2`,
      );
      const keys = [...new Set(rows.map((r) => r.acquisition))];
      const known =
        keys.length === 0
          ? []
          : await db
              .select({
                key: catalogAcquisitions.key,
                date: catalogAcquisitions.date,
                sceneIds: catalogAcquisitions.sceneIds,
              })
              .from(catalogAcquisitions)
              .where(inArray(catalogAcquisitions.key, keys));
      const { rows: failures } = await db.execute<{
        id: string;
        acquisition: string;
        item: string;
        parcels: number;
        state: string;
        retry_count: number;
        retry_limit: number;
        output: unknown;
      }>(
        sql`SELECT id::text AS id, data->>'acquisition' AS acquisition, data->>'itemId' AS item,
                   coalesce(jsonb_array_length(data->'parcelIds'), 0)::int AS parcels, state::text AS state,
                   retry_count, retry_limit, output
              FROM pgboss.job
             WHERE name = 'tile-pass' AND state IN ('retry', 'failed')
             ORDER BY coalesce(completed_on, started_on, created_on) DESC, id
             LIMIT 50`,
      );
      return { rows, known, failures };
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
