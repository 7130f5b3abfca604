import {
  and,
  asc,
  createUsageRows,
  desc,
  eq,
  farmerSubscriptions,
  gte,
  indexResults,
  indices,
  legends,
  like,
  lt,
  lte,
  parcels,
  planIndices,
  sql,
  subscriptionIndexUsage,
  type Db,
  type PolygonGeometry,
  type SQL,
  heldByFarmer,
} from '@filaha/db';
import type { LegendInterval } from '@filaha/imagery';
import { indexCodeFromName } from '@filaha/shared';

export type ResultRow = typeof indexResults.$inferSelect;
export type NewResult = typeof indexResults.$inferInsert;

export interface IndexRecord {
  id: number;
  code: string;
  name: string;
}

export interface ParcelRecord {
  id: number;
  userId: number;
  name: string;
  geom: PolygonGeometry;
}

/** One of the caller's subscriptions, seen from one index. */
export interface SubscriptionAccess {
  subscriptionId: number;
  state: string;
  /** Requests the plan grants for the index; null = the plan does not include it. */
  requestCount: number | null;
  usage: { id: number; total: number; used: number } | null;
}

export type Delivery =
  | { kind: 'charged'; row: ResultRow; used: number; total: number }
  /** The same image was recorded meanwhile (a parallel identical request): nothing was charged. */
  | { kind: 'duplicate'; row: ResultRow }
  /** The quota ran out meanwhile: nothing was written. */
  | { kind: 'exhausted'; used: number; total: number };

class QuotaRaceLost extends Error {}

/** A transaction of `db` (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Charged<Row> =
  | { kind: 'charged'; row: Row; used: number; total: number }
  /** `record` found the same delivery already recorded (a unique conflict): nothing was charged. */
  | { kind: 'duplicate' }
  /** The quota ran out meanwhile: nothing was written. */
  | { kind: 'exhausted'; used: number; total: number };

/**
 * Records a delivery and charges one request of `usageId`, atomically: `record` inserts the delivery's row
 * (returning undefined on a unique conflict — nothing is then charged), and the conditional
 * `used = used + 1 WHERE used < total` commits with it or not at all. The UPDATE takes the usage row's lock, so
 * parallel deliveries queue on it and can never overspend. Shared by images and change maps.
 */
export async function chargeRecorded<Row>(
  db: Db,
  usageId: number,
  record: (tx: Tx) => Promise<Row | undefined>,
): Promise<Charged<Row>> {
  let outcome: { row: Row; used: number; total: number } | null;
  try {
    outcome = await db.transaction(async (tx) => {
      const row = await record(tx);
      if (row === undefined) return null;
      const [charged] = await tx
        .update(subscriptionIndexUsage)
        .set({ used: sql`${subscriptionIndexUsage.used} + 1` })
        .where(
          and(eq(subscriptionIndexUsage.id, usageId), lt(subscriptionIndexUsage.used, subscriptionIndexUsage.total)),
        )
        .returning({ used: subscriptionIndexUsage.used, total: subscriptionIndexUsage.total });
      // Throwing rolls the delivery's row back: nothing is recorded without its charge.
      if (!charged) throw new QuotaRaceLost();
      return { row, used: charged.used, total: charged.total };
    });
  } catch (error) {
    if (!(error instanceof QuotaRaceLost)) throw error;
    const [counts] = await db
      .select({ used: subscriptionIndexUsage.used, total: subscriptionIndexUsage.total })
      .from(subscriptionIndexUsage)
      .where(eq(subscriptionIndexUsage.id, usageId));
    return { kind: 'exhausted', ...(counts ?? { used: 0, total: 0 }) };
  }
  return outcome ? { kind: 'charged', ...outcome } : { kind: 'duplicate' };
}

export function createImagesRepository(db: Db) {
  async function usageCounts(usageId: number): Promise<{ used: number; total: number }> {
    const [row] = await db
      .select({ used: subscriptionIndexUsage.used, total: subscriptionIndexUsage.total })
      .from(subscriptionIndexUsage)
      .where(eq(subscriptionIndexUsage.id, usageId));
    return row ?? { used: 0, total: 0 };
  }

  /** The first result of the parcel × index matching `where`, in `orderBy` order. */
  async function firstResult(parcelId: number, indexId: number, where: SQL[], orderBy: SQL[] = []) {
    const [row] = await db
      .select()
      .from(indexResults)
      .where(and(eq(indexResults.parcelId, parcelId), eq(indexResults.indexId, indexId), ...where))
      .orderBy(...orderBy)
      .limit(1);
    return row;
  }

  const resultByKey = (parcelId: number, indexId: number, sceneId: string, legendHash: string) =>
    firstResult(parcelId, indexId, [eq(indexResults.sceneId, sceneId), eq(indexResults.legendHash, legendHash)]);

  return {
    async findIndex(name: string): Promise<IndexRecord | undefined> {
      const wanted = indexCodeFromName(name);
      if (!wanted) return undefined;
      // A handful of rows: matching in JS keeps the SPEC's rule in one readable place.
      const rows = await db.select({ id: indices.id, code: indices.code, name: indices.name }).from(indices);
      return (
        rows.find((r) => r.code.toUpperCase() === wanted) ?? rows.find((r) => indexCodeFromName(r.name) === wanted)
      );
    },

    async legend(indexId: number): Promise<LegendInterval[]> {
      const rows = await db
        .select()
        .from(legends)
        .where(eq(legends.indexId, indexId))
        .orderBy(asc(legends.position), asc(legends.intervalStart), asc(legends.id));
      return rows.map((l) => ({
        start: l.intervalStart,
        end: l.intervalEnd,
        color: l.color,
        label: { fr: l.descriptionFr, ar: l.descriptionAr },
      }));
    },

    async findParcel(id: number): Promise<ParcelRecord | undefined> {
      const [row] = await db
        .select({ id: parcels.id, userId: parcels.userId, name: parcels.name, geom: parcels.geom })
        .from(parcels)
        .where(eq(parcels.id, id));
      return heldByFarmer(row);
    },

    /** Newest subscription first. */
    async subscriptionsFor(userId: number, indexId: number): Promise<SubscriptionAccess[]> {
      const rows = await db
        .select({
          subscriptionId: farmerSubscriptions.id,
          state: farmerSubscriptions.state,
          requestCount: planIndices.requestCount,
          usageId: subscriptionIndexUsage.id,
          total: subscriptionIndexUsage.total,
          used: subscriptionIndexUsage.used,
        })
        .from(farmerSubscriptions)
        .leftJoin(
          planIndices,
          and(eq(planIndices.planId, farmerSubscriptions.planId), eq(planIndices.indexId, indexId)),
        )
        .leftJoin(
          subscriptionIndexUsage,
          and(
            eq(subscriptionIndexUsage.subscriptionId, farmerSubscriptions.id),
            eq(subscriptionIndexUsage.indexId, indexId),
          ),
        )
        .where(eq(farmerSubscriptions.userId, userId))
        .orderBy(desc(farmerSubscriptions.createdAt), desc(farmerSubscriptions.id));
      return rows.map((r) => ({
        subscriptionId: r.subscriptionId,
        state: r.state,
        requestCount: r.requestCount,
        usage:
          r.usageId === null || r.total === null || r.used === null
            ? null
            : { id: r.usageId, total: r.total, used: r.used },
      }));
    },

    /** An active subscription whose usage rows are missing gets them from its plan (idempotent). */
    async ensureUsageRows(subscriptionId: number): Promise<void> {
      await createUsageRows(db, subscriptionId);
    },

    usageCounts,
    resultByKey,

    async resultById(id: number): Promise<ResultRow | undefined> {
      const [row] = await db.select().from(indexResults).where(eq(indexResults.id, id));
      return row;
    },

    /**
     * Points a result at freshly written files (its own were lost or damaged), if no parallel repair did it
     * first: the row still names `previousImageKey`. Nothing is charged. undefined when another repair won.
     */
    async replaceFiles(
      id: number,
      previousImageKey: string,
      keys: { imageKey: string; valuesKey: string | null; tiffKey: string | null },
    ): Promise<ResultRow | undefined> {
      const [row] = await db
        .update(indexResults)
        .set(keys)
        .where(and(eq(indexResults.id, id), eq(indexResults.imageKey, previousImageKey)))
        .returning();
      return row;
    },

    /**
     * For a caller whose quota is used up: an image already produced for this parcel and index with the same
     * legend and geometry (hash prefix) on a day inside the window — the same window's first.
     */
    resultInWindow(parcelId: number, indexId: number, hashPrefix: string, start: string, end: string) {
      return firstResult(
        parcelId,
        indexId,
        [
          like(indexResults.legendHash, `${hashPrefix}%`),
          gte(indexResults.sceneDatetime, new Date(`${start}T00:00:00.000Z`)),
          lte(indexResults.sceneDatetime, new Date(`${end}T23:59:59.999Z`)),
        ],
        [
          desc(sql`(${indexResults.startDate} = ${start} AND ${indexResults.endDate} = ${end})`),
          desc(indexResults.sceneDatetime),
          desc(indexResults.id),
        ],
      );
    },

    /**
     * Records a delivered image and charges one request, atomically: the result row (unique per parcel, index,
     * scene and legend) and the conditional `used = used + 1 WHERE used < total` commit together or not at all.
     * The UPDATE takes the usage row's lock, so parallel deliveries queue on it and can never overspend.
     */
    async deliver(usageId: number, result: NewResult): Promise<Delivery> {
      const outcome = await chargeRecorded(db, usageId, async (tx) => {
        const [row] = await tx
          .insert(indexResults)
          .values(result)
          .onConflictDoNothing({
            target: [indexResults.parcelId, indexResults.indexId, indexResults.sceneId, indexResults.legendHash],
          })
          .returning();
        return row;
      });
      if (outcome.kind !== 'duplicate') return outcome;
      const existing = await resultByKey(result.parcelId, result.indexId, result.sceneId, result.legendHash);
      if (!existing) throw new Error('index result vanished after a unique conflict');
      return { kind: 'duplicate', row: existing };
    },
  };
}

export type ImagesRepository = ReturnType<typeof createImagesRepository>;
