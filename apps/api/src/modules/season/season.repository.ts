import { and, asc, between, eq, seriesPoints, type Db } from '@filaha/db';

/** One curve's stored rows: a parcel × index × basis (the geometry and settings the points were computed with). */
export interface SeriesKey {
  parcelId: number;
  indexCode: string;
  basis: string;
}

export type SeriesRow = typeof seriesPoints.$inferInsert;

const inWindow = (key: SeriesKey, from: string, to: string) =>
  and(
    eq(seriesPoints.parcelId, key.parcelId),
    eq(seriesPoints.indexCode, key.indexCode),
    eq(seriesPoints.basis, key.basis),
    between(seriesPoints.date, from, to),
  );

/** The season curves' stored points and skips (`series_points`), shared by the curve route and the jobs. */
export function createSeasonRepository(db: Db) {
  return {
    /** The scenes of [from, to] already stored for this curve. */
    async storedSceneIds(key: SeriesKey, from: string, to: string): Promise<Set<string>> {
      const rows = await db
        .select({ sceneId: seriesPoints.sceneId })
        .from(seriesPoints)
        .where(inWindow(key, from, to));
      return new Set(rows.map((r) => r.sceneId));
    },

    /** Stores new rows; a scene another writer stored meanwhile is kept once. Returns how many this call added. */
    async insert(rows: readonly SeriesRow[]): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await db
        .insert(seriesPoints)
        .values([...rows])
        .onConflictDoNothing()
        .returning({ id: seriesPoints.id });
      return inserted.length;
    },

    /** The curve's rows of [from, to], oldest first. */
    window(key: SeriesKey, from: string, to: string) {
      return db
        .select()
        .from(seriesPoints)
        .where(inWindow(key, from, to))
        .orderBy(asc(seriesPoints.date), asc(seriesPoints.sceneId));
    },
  };
}

export type SeasonRepository = ReturnType<typeof createSeasonRepository>;
