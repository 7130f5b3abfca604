import { sql, type Db, type SQL } from '@filaha/db';
import { CONDITION_RULE, seasonOf, type Crop } from '@filaha/shared';
import { isStorageFull } from '../../../lib/disk.ts';

/** One parcel the organisation follows, with its crop of the latest season, its latest point and what it is judged against. */
export interface TerritoryParcelRow extends Record<string, unknown> {
  id: number;
  name: string;
  /** Null for the organisation's own parcel. */
  farmer_id: number | null;
  farmer_name: string | null;
  farmer_contact: string | null;
  area_m2: number;
  season: number | null;
  crop: Crop | null;
  sowing_date: string | Date | null;
  irrigated: boolean | null;
  point_date: string | Date | null;
  median: number | null;
  valid_fraction: number | null;
  /** 'history' (its own previous seasons), 'peers' (the same crop in the organisation) or null (no reference). */
  reference: 'history' | 'peers' | null;
  z: number | null;
  lon: number;
  lat: number;
  wkt?: string;
  /** Little-endian WKB in hex (the GeoPackage export). */
  wkb?: string;
}

/**
 * The organisation's parcels: those granted to it now (the farmers' active grants) and its own (issue 30 §1–§2).
 */
export const followedParcels = (organisationId: number) => sql`
  SELECT p.id, p.name, p.geom, p.area_m2, u.id AS farmer_id, u.user_name AS farmer_name, NULL::text AS farmer_contact
    FROM parcel_grants g
    JOIN parcels p ON p.user_id = g.farmer_id AND (g.parcel_id IS NULL OR g.parcel_id = p.id)
    JOIN users u ON u.id = p.user_id
   WHERE g.organisation_id = ${organisationId} AND g.revoked_at IS NULL
  UNION
  SELECT p.id, p.name, p.geom, p.area_m2, NULL, NULL, p.farmer_contact
    FROM parcels p WHERE p.organisation_id = ${organisationId}`;

/**
 * The condition of each parcel the organisation follows (CONDITION_RULE): the common head of the export, the paged
 * conditions and the territory table's refresh — CTEs `op` (the followed parcels), `crop`, `latest`, `history`,
 * `peers`, then the SELECT list up to `z` and its class; the caller adds its own columns, FROM op … and its tail.
 */
const conditionsHead = (organisationId: number) => {
  const r = CONDITION_RULE;
  return sql`
  WITH op AS MATERIALIZED (${followedParcels(organisationId)}),
            crop AS (
              SELECT DISTINCT ON (s.parcel_id) s.parcel_id, s.season, s.crop, s.sowing_date, s.irrigated
                FROM parcel_seasons s JOIN op ON op.id = s.parcel_id
               ORDER BY s.parcel_id, s.season DESC),
            latest AS MATERIALIZED (
              SELECT DISTINCT ON (sp.parcel_id) sp.parcel_id, sp.date, (sp.stats->>'median')::float8 AS median,
                     sp.valid_fraction
                FROM series_points sp JOIN op ON op.id = sp.parcel_id
               WHERE sp.index_code = ${r.index} AND sp.status = 'point'
               ORDER BY sp.parcel_id, sp.date DESC, sp.basis),
            history AS (
              SELECT l.parcel_id, count(*)::int AS n, avg(x.m) AS mean, stddev_samp(x.m) AS sd
                FROM latest l
                JOIN LATERAL (
                  SELECT (h.stats->>'median')::float8 AS m
                    FROM series_points h
                   WHERE h.parcel_id = l.parcel_id AND h.index_code = ${r.index} AND h.status = 'point'
                     AND h.date < l.date - 180
                     AND least(mod(l.date - h.date, 365), 365 - mod(l.date - h.date, 365)) <= ${r.windowDays}) x ON true
               GROUP BY l.parcel_id),
            -- Peers by sums per crop, season and day, not pair by pair (100,000 parcels of six crops would be
            -- billions of pairs): each parcel takes the days within the window and leaves itself out.
            peer_days AS (
              SELECT c.crop, c.season, l.date, count(*)::float8 AS n, sum(l.median) AS s, sum(l.median * l.median) AS ss
                FROM latest l JOIN crop c ON c.parcel_id = l.parcel_id
               GROUP BY c.crop, c.season, l.date),
            peers AS (
              SELECT p.parcel_id, p.n::int AS n, (p.s / nullif(p.n, 0)) AS mean,
                     sqrt(greatest(0, (p.ss - p.s * p.s / nullif(p.n, 0)) / nullif(p.n - 1, 0))) AS sd
                FROM (
                  SELECT l.parcel_id, sum(d.n) - 1 AS n, sum(d.s) - l.median AS s, sum(d.ss) - l.median * l.median AS ss
                    FROM latest l
                    JOIN crop c ON c.parcel_id = l.parcel_id
                    JOIN peer_days d ON d.crop = c.crop AND d.season = c.season AND abs(d.date - l.date) <= ${r.windowDays}
                   GROUP BY l.parcel_id, l.median) p)
            SELECT op.id, op.name, op.farmer_id, op.farmer_name, op.farmer_contact, op.area_m2,
                   c.season, c.crop, c.sowing_date, c.irrigated,
                   l.date AS point_date, l.median, l.valid_fraction,
                   CASE WHEN h.n >= ${r.minHistory} THEN 'history' WHEN pe.n >= ${r.minPeers} THEN 'peers' END AS reference,
                   CASE WHEN h.n >= ${r.minHistory} THEN (l.median - h.mean) / greatest(coalesce(h.sd, 0), ${r.minStd})
                        WHEN pe.n >= ${r.minPeers} THEN (l.median - pe.mean) / greatest(coalesce(pe.sd, 0), ${r.minStd})
                   END AS z,
`;
};

const conditionsFrom = sql`
  FROM op
  LEFT JOIN crop c ON c.parcel_id = op.id
  LEFT JOIN latest l ON l.parcel_id = op.id
  LEFT JOIN history h ON h.parcel_id = op.id
  LEFT JOIN peers pe ON pe.parcel_id = op.id`;

/** CONDITION_RULE's classes of a z column, in SQL (the same cuts as `conditionOf`). */
const classOf = (z: SQL) => {
  const r = CONDITION_RULE;
  return sql`CASE WHEN ${z} IS NULL THEN NULL WHEN ${z} <= ${r.wellBelow} THEN 'well_below' WHEN ${z} <= ${r.below}
    THEN 'below' WHEN ${z} < ${r.above} THEN 'normal' ELSE 'above' END`;
};

/** A day of a crop's territory curve counts only with at least this many parcels (fewer would name them). */
export const CURVE_MIN_PARCELS = 3;

/** A crop's curve over the territory: per day of the two seasons, its parcels and quartiles; the farmers read. */
export interface CropCurveRows {
  season: number | null;
  rows: Array<{ season: number; date: string; parcels: number; median: number; p25: number; p75: number }>;
  farmers: number[];
}

/** `{0.1,0.2}` (a float array as text, as some drivers hand it) → its numbers. */
const parsePgFloatArray = (text: string): number[] => text.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);

/** How long a refresh of an organisation's territory table serves before the next read refreshes it. */
export const CONDITIONS_MAX_AGE_SECONDS = 300;

/**
 * A territory whose last refresh took less than this is refreshed in the read that finds it out of date; a larger
 * one (about 20 s at 100,000 parcels, bench:territory) is served as it is while a territory-refresh job runs.
 */
export const INLINE_REFRESH_MS = 1_000;

export interface PointRow extends Record<string, unknown> {
  date: string | Date;
  scene_id: string;
  basis: string;
  status: 'point' | 'CLOUDY' | 'OUTSIDE_COVERAGE';
  stats: { median?: number; mean?: number; p25?: number; p75?: number } | null;
  valid_fraction: number | null;
}

export interface TerritoryFilters {
  crop?: string;
  condition?: 'well_below' | 'below' | 'normal' | 'above' | 'none';
  irrigated?: boolean;
  /** A wilaya's code; 0 for the parcels outside every outline. */
  wilaya?: number;
}

/** The territory table's rows the organisation follows now, with the filters (alias `oc`). */
const current = (organisationId: number, f: TerritoryFilters) => sql`
  oc.organisation_id = ${organisationId}
  AND (oc.farmer_id IS NULL OR EXISTS (
    SELECT 1 FROM parcel_grants g
     WHERE g.organisation_id = ${organisationId} AND g.farmer_id = oc.farmer_id AND g.revoked_at IS NULL
       AND (g.parcel_id IS NULL OR g.parcel_id = oc.parcel_id)))
  ${f.crop ? sql`AND oc.crop = ${f.crop}` : sql``}
  ${f.condition === 'none' ? sql`AND oc.class IS NULL` : f.condition ? sql`AND oc.class = ${f.condition}` : sql``}
  ${f.irrigated === undefined ? sql`` : sql`AND coalesce(oc.irrigated, false) = ${f.irrigated}`}
  ${f.wilaya === undefined ? sql`` : f.wilaya === 0 ? sql`AND oc.wilaya_id IS NULL` : sql`AND oc.wilaya_id = ${f.wilaya}`}`;

export interface SummaryRow extends Record<string, unknown> {
  class: string | null;
  crop: string | null;
  wilaya_id: number | null;
  parcels: number;
  area_m2: number;
}

export interface VisitRow extends Record<string, unknown> {
  parcel_id: number;
  name: string;
  area_m2: number;
  crop: string | null;
  z: number;
  point_date: string | Date | null;
  median: number | null;
  farmer_id: number | null;
  farmer_name: string | null;
}

export function createTerritoryRepository(db: Db) {
  const repo = {
    /**
     * A followed parcel's points of one index after (date, scene, basis) `after`, oldest first; undefined when the
     * organisation does not follow the parcel. A farmer's parcel's read is recorded for them ('parcel').
     */
    async points(
      organisationId: number,
      parcelId: number,
      reader: { memberId: number | null; apiKeyId: number | null },
      index: string,
      after: { date: string; scene: string; basis: string } | null,
      limit: number,
    ): Promise<PointRow[] | undefined> {
      return db.transaction(async (tx) => {
        const followed = (
          await tx.execute<{ id: number; farmer_id: number | null }>(sql`
            SELECT id, farmer_id FROM (${followedParcels(organisationId)}) op WHERE id = ${parcelId}`)
        ).rows[0];
        if (!followed) return undefined;
        if (followed.farmer_id !== null)
          await tx.execute(sql`
            INSERT INTO organisation_reads (organisation_id, member_id, api_key_id, farmer_id, parcel_id, what)
            VALUES (${organisationId}, ${reader.memberId}, ${reader.apiKeyId}, ${followed.farmer_id}, ${parcelId}, 'parcel')`);
        return (
          await tx.execute<PointRow>(sql`
            SELECT date, scene_id, basis, status, stats, valid_fraction FROM series_points
             WHERE parcel_id = ${parcelId} AND index_code = ${index}
               ${after ? sql`AND (date, scene_id, basis) > (${after.date}::date, ${after.scene}, ${after.basis})` : sql``}
             ORDER BY date, scene_id, basis LIMIT ${limit}`)
        ).rows;
      });
    },

    /**
     * Recomputes the organisation's rows of the territory table when its last refresh is older than `maxAgeSeconds`
     * (or there is none); two refreshes at once serialise on the run row. Answers when the rows were computed.
     * When the disk refuses the refresh's writes (full), a read is answered from the rows of the last refresh, as
     * while a refresh job waits; the job's own call (`maxAgeSeconds` 0) fails, and the queue retries it.
     */
    async ensureFresh(organisationId: number, maxAgeSeconds = CONDITIONS_MAX_AGE_SECONDS): Promise<Date> {
      // Fresh rows (most reads: every tile of a view) are answered by one plain read, without taking the run row's
      // lock that serialises the refreshes.
      const seen = (
        await db.execute<{ computed_at: string | Date }>(sql`
          SELECT computed_at FROM organisation_condition_runs
           WHERE organisation_id = ${organisationId}
             AND computed_at > now() - make_interval(secs => ${maxAgeSeconds})`)
      ).rows[0];
      if (seen) return new Date(seen.computed_at);
      try {
        return await repo.refresh(organisationId, maxAgeSeconds);
      } catch (error) {
        if (maxAgeSeconds === 0 || !isStorageFull(error)) throw error;
        const last = (
          await db.execute<{ computed_at: string | Date }>(sql`
            SELECT computed_at FROM organisation_condition_runs
             WHERE organisation_id = ${organisationId} AND computed_at > 'epoch'`)
        ).rows[0];
        if (!last) throw error;
        return new Date(last.computed_at);
      }
    },

    /**
     * What a read serves (issue 30 §3: no view of a large territory waits for a refresh but its very first): the rows
     * of the last refresh and whether a new one is due (marked stale by new points, a grant or an import, or older
     * than `maxAgeSeconds`), for the route to queue; a small territory is refreshed here (INLINE_REFRESH_MS); without
     * any rows yet, the table is computed now.
     */
    async current(
      organisationId: number,
      maxAgeSeconds = CONDITIONS_MAX_AGE_SECONDS,
    ): Promise<{ computedAt: Date; due: boolean }> {
      const run = (
        await db.execute<{ computed_at: string | Date; stale: boolean; fresh: boolean; ms: number }>(sql`
          SELECT computed_at, stale, ms, computed_at > now() - make_interval(secs => ${maxAgeSeconds}) AS fresh
            FROM organisation_condition_runs WHERE organisation_id = ${organisationId} AND computed_at > 'epoch'`)
      ).rows[0];
      if (!run) return { computedAt: await repo.ensureFresh(organisationId, maxAgeSeconds), due: false };
      const last = new Date(run.computed_at);
      const due = run.stale || !run.fresh;
      // A small territory (its last refresh took under INLINE_REFRESH_MS) is refreshed in the read itself: the view is
      // current at once, for about the cost of a query. A large one is served as it is, and refreshed by the queue.
      if (!due || Number(run.ms) >= INLINE_REFRESH_MS) return { computedAt: last, due };
      try {
        return { computedAt: await repo.ensureFresh(organisationId, run.stale ? 0 : maxAgeSeconds), due: false };
      } catch (error) {
        // A full disk refuses the refresh: the last one's rows are served (ensureFresh's own rule for reads).
        if (!isStorageFull(error)) throw error;
        return { computedAt: last, due: false };
      }
    },

    /** ensureFresh's refresh, in one transaction holding the run row (a crash or a refused write keeps the old rows). */
    async refresh(organisationId: number, maxAgeSeconds: number): Promise<Date> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO organisation_condition_runs (organisation_id, computed_at, parcels, ms)
          VALUES (${organisationId}, 'epoch', 0, 0) ON CONFLICT (organisation_id) DO NOTHING`);
        const run = (
          await tx.execute<{ computed_at: string | Date; fresh: boolean }>(sql`
            SELECT computed_at, computed_at > now() - make_interval(secs => ${maxAgeSeconds}) AS fresh
              FROM organisation_condition_runs WHERE organisation_id = ${organisationId} FOR UPDATE`)
        ).rows[0]!;
        if (run.fresh) return new Date(run.computed_at);
        const started = Date.now();
        await tx.execute(sql`DELETE FROM organisation_conditions WHERE organisation_id = ${organisationId}`);
        const inserted = await tx.execute<{ parcel_id: number }>(sql`
          INSERT INTO organisation_conditions (organisation_id, parcel_id, farmer_id, name, area_m2, crop, season,
                                               irrigated, point_date, median, valid_fraction, reference, z, class, geom,
                                               wilaya_id)
          SELECT ${organisationId}, q.id, q.farmer_id, q.name, q.area_m2, q.crop, q.season, q.irrigated, q.point_date,
                 q.median, q.valid_fraction, q.reference, q.z, ${classOf(sql.raw('q.z'))}, q.geom,
                 -- Its wilaya: the one holding a point of its surface (none outside every outline).
                 (SELECT wb.wilaya_id FROM wilaya_boundaries wb
                   WHERE ST_Intersects(wb.geom, ST_PointOnSurface(q.geom)) ORDER BY wb.wilaya_id LIMIT 1)
            FROM (${conditionsHead(organisationId)} op.geom ${conditionsFrom}) q
          RETURNING parcel_id`);
        const at = new Date();
        await tx.execute(sql`
          UPDATE organisation_condition_runs
             SET computed_at = ${at.toISOString()}::timestamptz, parcels = ${inserted.rows.length},
                 ms = ${Date.now() - started}, stale = false
           WHERE organisation_id = ${organisationId}`);
        return at;
      });
    },

    /** Parcels and area per condition class, crop and wilaya, and the extent, of the followed parcels matching `filters`. */
    async summary(organisationId: number, filters: TerritoryFilters) {
      // One pass over the matching rows (they are read once, then grouped, framed and their farmers listed).
      const result = (
        await db.execute<{
          rows: SummaryRow[];
          extent: { xmin: number | null; ymin: number | null; xmax: number | null; ymax: number | null };
          farmers: number[];
        }>(sql`
          WITH cur AS MATERIALIZED (
            SELECT oc.class, oc.crop, oc.wilaya_id, oc.area_m2, oc.farmer_id, oc.geom
              FROM organisation_conditions oc WHERE ${current(organisationId, filters)})
          SELECT
            (SELECT coalesce(json_agg(x), '[]'::json) FROM (
               SELECT class, crop, wilaya_id, count(*)::int AS parcels, sum(area_m2) AS area_m2
                 FROM cur GROUP BY class, crop, wilaya_id) x) AS rows,
            (SELECT json_build_object('xmin', ST_XMin(e), 'ymin', ST_YMin(e), 'xmax', ST_XMax(e), 'ymax', ST_YMax(e))
               FROM (SELECT ST_Extent(geom) AS e FROM cur) y) AS extent,
            (SELECT coalesce(json_agg(DISTINCT farmer_id), '[]'::json) FROM cur WHERE farmer_id IS NOT NULL) AS farmers`)
      ).rows[0]!;
      const parse = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
      return {
        rows: parse<SummaryRow[]>(result.rows),
        extent: parse<{ xmin: number | null; ymin: number | null; xmax: number | null; ymax: number | null }>(
          result.extent,
        ),
        farmers: parse<number[]>(result.farmers),
      };
    },

    /** One read of their parcels recorded for each farmer ('parcels'), as the list records it. */
    async recordReads(
      organisationId: number,
      reader: { memberId: number | null; apiKeyId: number | null },
      farmerIds: number[],
    ) {
      for (const farmerId of farmerIds)
        await db.execute(sql`
          INSERT INTO organisation_reads (organisation_id, member_id, api_key_id, farmer_id, what)
          VALUES (${organisationId}, ${reader.memberId}, ${reader.apiKeyId}, ${farmerId}, 'parcels')`);
    },

    /**
     * A crop's season curve over the followed parcels (issue 30 §3): per acquisition day of the season of the latest
     * point, and of the season before, the median and quartiles of the parcels' NDVI medians — each parcel counted
     * in a season when its crop that season is `crop` (parcel_seasons), one point a day (its first basis). Days with
     * fewer than `minParcels` parcels are left out. Also the farmers whose parcels were counted (their reads).
     */
    async curve(organisationId: number, crop: string, minParcels: number): Promise<CropCurveRows> {
      // The season of the latest point, from the territory table (each parcel's latest point, kept fresh by the caller).
      const latest = (
        await db.execute<{ d: string | Date | null }>(sql`
          SELECT max(oc.point_date) AS d FROM organisation_conditions oc WHERE ${current(organisationId, {})}`)
      ).rows[0]?.d;
      if (!latest) return { season: null, rows: [], farmers: [] };
      const season = seasonOf(new Date(latest).toISOString().slice(0, 10));
      const { rows } = await db.execute<{
        season: number;
        date: string | Date;
        parcels: number;
        q: number[] | string;
      }>(sql`
        WITH op AS MATERIALIZED (${followedParcels(organisationId)}),
        days AS (
          SELECT DISTINCT ON (sp.parcel_id, sp.date) s.season, sp.date, (sp.stats->>'median')::float8 AS m
            FROM parcel_seasons s
            JOIN op ON op.id = s.parcel_id
            JOIN series_points sp ON sp.parcel_id = op.id AND sp.index_code = ${CONDITION_RULE.index}
                 AND sp.status = 'point' AND sp.date >= make_date(s.season, 9, 1)
                 AND sp.date < make_date(s.season + 1, 9, 1)
                 -- The two seasons' bounds as constants too: only their partitions are read.
                 AND sp.date >= make_date(${season - 1}::int, 9, 1) AND sp.date < make_date(${season + 1}::int, 9, 1)
           WHERE s.season IN (${season}::int, ${season - 1}::int) AND s.crop = ${crop}
           ORDER BY sp.parcel_id, sp.date, sp.basis)
        SELECT season, date, count(*)::int AS parcels,
               percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY m) AS q
          FROM days GROUP BY season, date HAVING count(*) >= ${minParcels}
         ORDER BY season, date`);
      // The farmers whose parcels of that crop those seasons were read (their access log).
      const farmers = await db.execute<{ farmer_id: number }>(sql`
        SELECT DISTINCT op.farmer_id FROM (${followedParcels(organisationId)}) op
          JOIN parcel_seasons s ON s.parcel_id = op.id AND s.season IN (${season}::int, ${season - 1}::int)
           AND s.crop = ${crop}
         WHERE op.farmer_id IS NOT NULL`);
      return {
        season,
        rows: rows.map((r) => {
          const [p25, median, p75] = (typeof r.q === 'string' ? parsePgFloatArray(r.q) : r.q).map(Number) as [
            number,
            number,
            number,
          ];
          const date = new Date(r.date).toISOString().slice(0, 10);
          return { season: Number(r.season), date, parcels: r.parcels, median, p25, p75 };
        }),
        farmers: farmers.rows.map((r) => Number(r.farmer_id)),
      };
    },

    /**
     * A crop's curve as the territory table's run `computedAt` gave it (organisation_curves), computed and kept on
     * first need: reads after the first are one row. A new run (a refresh) makes the kept ones stale.
     */
    async cachedCurve(organisationId: number, crop: string, computedAt: Date, minParcels: number) {
      const kept = (
        await db.execute<{ curve: CropCurveRows | string }>(sql`
          SELECT curve FROM organisation_curves
           WHERE organisation_id = ${organisationId} AND crop = ${crop}
             AND computed_at = ${computedAt.toISOString()}::timestamptz`)
      ).rows[0];
      if (kept) return typeof kept.curve === 'string' ? (JSON.parse(kept.curve) as CropCurveRows) : kept.curve;
      const curve = await repo.curve(organisationId, crop, minParcels);
      try {
        await db.execute(sql`
          INSERT INTO organisation_curves (organisation_id, crop, computed_at, curve)
          VALUES (${organisationId}, ${crop}, ${computedAt.toISOString()}::timestamptz, ${JSON.stringify(curve)}::jsonb)
          ON CONFLICT (organisation_id, crop) DO UPDATE SET computed_at = excluded.computed_at, curve = excluded.curve`);
      } catch (error) {
        // A full disk refuses the copy, not the answer: the curve is computed again on the next read.
        if (!isStorageFull(error)) throw error;
      }
      return curve;
    },

    /** The crops of the organisation's followed parcels (the curves a refresh job computes ahead). */
    async crops(organisationId: number): Promise<string[]> {
      const { rows } = await db.execute<{ crop: string }>(sql`
        SELECT DISTINCT crop FROM organisation_conditions
         WHERE organisation_id = ${organisationId} AND crop IS NOT NULL ORDER BY crop`);
      return rows.map((r) => r.crop);
    },

    /**
     * Marks stale the territory tables of the organisations following any of these parcels (their own, or granted
     * now) that have one: new season points were stored for them. Answers the organisations newly marked, whose
     * refresh the caller queues; reads go on serving their rows meanwhile.
     */
    async markStale(parcelIds: number[]): Promise<number[]> {
      if (parcelIds.length === 0) return [];
      const { rows } = await db.execute<{ organisation_id: number }>(sql`
        UPDATE organisation_condition_runs r SET stale = true
         WHERE NOT r.stale AND r.organisation_id IN (
           SELECT p.organisation_id FROM parcels p
            WHERE p.id = ANY(${`{${parcelIds.join(',')}}`}::int[]) AND p.organisation_id IS NOT NULL
           UNION
           SELECT g.organisation_id FROM parcel_grants g
             JOIN parcels p ON p.user_id = g.farmer_id AND (g.parcel_id IS NULL OR g.parcel_id = p.id)
            WHERE p.id = ANY(${`{${parcelIds.join(',')}}`}::int[]) AND g.revoked_at IS NULL)
        RETURNING r.organisation_id`);
      return rows.map((r) => r.organisation_id);
    },

    /** Where the wilayas' outlines come from (wilaya_boundaries), null when none is loaded. */
    async wilayaSource(): Promise<string | null> {
      const { rows } = await db.execute<{ source: string }>(sql`SELECT source FROM wilaya_boundaries LIMIT 1`);
      return rows[0]?.source ?? null;
    },

    /** The parcels to visit: "well below", the largest first. */
    async visits(organisationId: number, filters: TerritoryFilters, limit: number): Promise<VisitRow[]> {
      return (
        await db.execute<VisitRow>(sql`
          SELECT oc.parcel_id, oc.name, oc.area_m2, oc.crop, oc.z, oc.point_date, oc.median, oc.farmer_id,
                 u.user_name AS farmer_name
            FROM organisation_conditions oc LEFT JOIN users u ON u.id = oc.farmer_id
           WHERE ${current(organisationId, { ...filters, condition: 'well_below' })}
           ORDER BY oc.area_m2 DESC, oc.parcel_id LIMIT ${limit}`)
      ).rows;
    },

    /**
     * One Mapbox vector tile (layer `parcels`: id, name, class, crop, z, area_ha) of the followed parcels: PostGIS's
     * ST_AsMVT on PostgreSQL; on the embedded PGlite, whose PostGIS is built without protobuf, the tile's parcels as
     * GeoJSON for the caller to encode (`geojson`).
     */
    async tile(
      organisationId: number,
      filters: TerritoryFilters,
      z: number,
      x: number,
      y: number,
      mvt: boolean,
    ): Promise<{ mvt: Uint8Array } | { geojson: Array<{ geometry: string; properties: Record<string, unknown> }> }> {
      const where = sql`${current(organisationId, filters)}
        AND oc.geom && ST_Transform(ST_TileEnvelope(${z}, ${x}, ${y}), 4326)`;
      if (mvt) {
        const row = (
          await db.execute<{ tile: Uint8Array | null }>(sql`
            WITH t AS (
              SELECT oc.parcel_id AS id, oc.name, oc.class, oc.crop, round(oc.z::numeric, 2)::float8 AS z,
                     round((oc.area_m2 / 10000)::numeric, 2)::float8 AS area_ha,
                     ST_AsMVTGeom(ST_Transform(oc.geom, 3857), ST_TileEnvelope(${z}, ${x}, ${y}), 4096, 64, true) AS geom
                FROM organisation_conditions oc WHERE ${where})
            SELECT ST_AsMVT(t.*, 'parcels', 4096, 'geom', 'id') AS tile FROM t`)
        ).rows[0];
        return { mvt: row?.tile ?? new Uint8Array() };
      }
      const rows = (
        await db.execute<{
          geometry: string;
          id: number;
          name: string;
          class: string | null;
          crop: string | null;
          z: number | null;
          area_ha: number;
        }>(sql`
          SELECT ST_AsGeoJSON(oc.geom, 6) AS geometry, oc.parcel_id AS id, oc.name, oc.class, oc.crop,
                 round(oc.z::numeric, 2)::float8 AS z, round((oc.area_m2 / 10000)::numeric, 2)::float8 AS area_ha
            FROM organisation_conditions oc WHERE ${where}`)
      ).rows;
      return {
        geojson: rows.map(({ geometry, ...properties }) => ({ geometry, properties })),
      };
    },

    /**
     * Every followed parcel with its condition's inputs (CONDITION_RULE): its latest NDVI point (median, any basis);
     * the points of its previous seasons within `windowDays` of the same day of the season (their mean and standard
     * deviation); else the latest points of the organisation's other parcels of the same crop and season, taken
     * within `windowDays` of it. With `geometry`, each outline as WKT or WKB. The reads of farmers' parcels are
     * recorded for them in the same transaction (`what` 'parcels', as the list).
     */
    async parcels(
      organisationId: number,
      reader: { memberId: number | null; apiKeyId: number | null },
      geometry: 'wkt' | 'wkb' | null,
      page?: { after: number; limit: number },
    ): Promise<TerritoryParcelRow[]> {
      return db.transaction(async (tx) => {
        const rows = (
          await tx.execute<TerritoryParcelRow>(sql`
            ${conditionsHead(organisationId)}
                   ST_X(ST_PointOnSurface(op.geom)) AS lon, ST_Y(ST_PointOnSurface(op.geom)) AS lat
                   ${
                     geometry === 'wkt'
                       ? sql`, ST_AsText(op.geom, 7) AS wkt`
                       : geometry === 'wkb'
                         ? sql`, encode(ST_AsBinary(op.geom, 'NDR'), 'hex') AS wkb`
                         : sql``
                   }
              ${conditionsFrom}
             ${
               page
                 ? sql`WHERE op.id > ${page.after} ORDER BY op.id LIMIT ${page.limit}`
                 : sql`ORDER BY op.farmer_id IS NULL, lower(op.farmer_name), lower(op.name), op.id`
             }`)
        ).rows;
        const farmers = [...new Set(rows.flatMap((row) => (row.farmer_id === null ? [] : [row.farmer_id])))];
        for (const farmerId of farmers) {
          await tx.execute(sql`
            INSERT INTO organisation_reads (organisation_id, member_id, api_key_id, farmer_id, what)
            VALUES (${organisationId}, ${reader.memberId}, ${reader.apiKeyId}, ${farmerId}, 'parcels')`);
        }
        return rows;
      });
    },
  };
  return repo;
}

export type TerritoryRepository = ReturnType<typeof createTerritoryRepository>;
