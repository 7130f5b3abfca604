import { and, asc, between, eq, seriesPoints, sql, type Db } from '@filaha/db';

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

    /**
     * Stores new rows; a scene another writer stored meanwhile is kept once. Returns how many this call added. The
     * rows travel as one JSON parameter unpacked by the server (jsonb_to_recordset): one statement of one parameter
     * per batch, where a multi-row VALUES built 4,500 parameters for 500 rows (issue 29 §2, bench:season-store).
     */
    async insert(rows: readonly SeriesRow[]): Promise<number> {
      if (rows.length === 0) return 0;
      const json = JSON.stringify(
        rows.map((r) => ({
          parcel_id: r.parcelId,
          index_code: r.indexCode,
          basis: r.basis,
          scene_id: r.sceneId,
          date: r.date,
          status: r.status,
          stats: r.stats ?? null,
          valid_fraction: r.validFraction ?? null,
          tiles: r.tiles ?? null,
        })),
      );
      const { rows: inserted } = await db.execute<{ id: number }>(
        sql`INSERT INTO series_points (parcel_id, index_code, basis, scene_id, date, status, stats, valid_fraction, tiles)
            SELECT r.parcel_id, r.index_code, r.basis, r.scene_id, r.date, r.status, r.stats, r.valid_fraction, r.tiles
              FROM jsonb_to_recordset(${json}::jsonb) AS r(parcel_id integer, index_code text, basis text, scene_id text,
                     date date, status text, stats jsonb, valid_fraction double precision, tiles jsonb)
            ON CONFLICT DO NOTHING
            RETURNING id`,
      );
      return inserted.length;
    },

    /**
     * Whether the stored rows of this curve over [from, to] are current (issue 29 §2), so the curve is read from them
     * without searching the catalog: the watching jobs cover the parcel — a catalog poll queued its tiles, and the
     * earliest such poll searched from `from` or before — the latest poll succeeded after `freshAfter`, and every
     * acquisition day of [from, to] whose tiles were queued for the parcel has a stored row of this index and basis
     * (its tile pass has run). Otherwise the curve computes what is missing, as before.
     */
    async storedIsCurrent(key: SeriesKey, from: string, to: string, freshAfter: Date): Promise<boolean> {
      const { rows } = await db.execute<{ fresh: boolean; since: string | null; queued: number; missing: number }>(
        sql`WITH last AS (
              SELECT finished_at FROM catalog_polls
               WHERE finished_at IS NOT NULL AND error IS NULL ORDER BY id DESC LIMIT 1),
            due AS (
              SELECT DISTINCT a.date FROM catalog_parcel_items i
                JOIN catalog_acquisitions a ON a.key = i.acquisition_key
               WHERE i.parcel_id = ${key.parcelId} AND a.date BETWEEN ${from} AND ${to})
            SELECT coalesce((SELECT finished_at > ${freshAfter.toISOString()}::timestamptz FROM last), false) AS fresh,
                   (SELECT min(p.window_start)::text FROM catalog_parcel_items i
                      JOIN catalog_polls p ON p.id = i.poll_id WHERE i.parcel_id = ${key.parcelId}) AS since,
                   (SELECT count(*) FROM catalog_parcel_items WHERE parcel_id = ${key.parcelId})::int AS queued,
                   (SELECT count(*) FROM due WHERE NOT EXISTS (
                      SELECT 1 FROM series_points s
                       WHERE s.parcel_id = ${key.parcelId} AND s.index_code = ${key.indexCode}
                         AND s.basis = ${key.basis} AND s.date = due.date))::int AS missing`,
      );
      const row = rows[0];
      return Boolean(row?.fresh) && row!.since !== null && row!.since <= from && row!.queued > 0 && row!.missing === 0;
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
