import { sql, type Db } from '@filaha/db';
import { ALGERIA_BBOX, PARCEL_AREA_HA, seasonOf, type ImportFormat, type ImportRefusal } from '@filaha/shared';
import type { FeatureAttributes } from './mapping.ts';
import type { ReadFeature } from './readers.ts';

export interface ImportRow extends Record<string, unknown> {
  id: number;
  organisation_id: number;
  created_by: number | null;
  file_name: string;
  format: ImportFormat;
  mapping: Record<string, string>;
  status: 'queued' | 'running' | 'done' | 'failed';
  total: number | null;
  accepted: number;
  repaired: number;
  error: string | null;
  created_at: string | Date;
  finished_at: string | Date | null;
}

export interface RefusalRow extends Record<string, unknown> {
  feature: number;
  reason: ImportRefusal;
  detail: string | null;
}

export type StagedFeature = ReadFeature & { attributes: FeatureAttributes };

/** Rows per multi-row INSERT into the staging table (11 parameters each, far below PostgreSQL's 65,535). */
const STAGE_BATCH = 1_000;

/**
 * A share of a feature's own area that may overlap an earlier feature or an existing parcel (a shared edge drawn a
 * little differently on two maps); beyond it the feature is refused as overlapping.
 */
export const OVERLAP_TOLERANCE = 0.05;

/** How long an import may wait with no job in the queue before it is reported failed (deadJobs). */
const DEAD_IMPORT_GRACE = '10 minutes';

/** Every column but the file. */
const columns = sql.raw(
  'id, organisation_id, created_by, file_name, format, mapping, status, total, accepted, repaired, error, created_at, finished_at',
);

export function createImportsRepository(db: Db) {
  return {
    async create(input: {
      organisationId: number;
      createdBy: number | null;
      fileName: string;
      format: ImportFormat;
      file: Uint8Array;
      mapping: Record<string, string>;
    }): Promise<number> {
      const result = await db.execute<{ id: number }>(sql`
        INSERT INTO parcel_imports (organisation_id, created_by, file_name, format, file, mapping)
        VALUES (${input.organisationId}, ${input.createdBy}, ${input.fileName}, ${input.format}, ${Buffer.from(input.file)},
                ${JSON.stringify(input.mapping)}::jsonb)
        RETURNING id`);
      return result.rows[0]!.id;
    },

    async get(id: number): Promise<ImportRow | undefined> {
      return (await db.execute<ImportRow>(sql`SELECT ${columns} FROM parcel_imports WHERE id = ${id}`)).rows[0];
    },

    async file(id: number): Promise<Uint8Array | undefined> {
      const row = (await db.execute<{ file: Uint8Array | null }>(sql`SELECT file FROM parcel_imports WHERE id = ${id}`))
        .rows[0];
      return row?.file ?? undefined;
    },

    async list(organisationId: number): Promise<ImportRow[]> {
      return (
        await db.execute<ImportRow>(sql`
          SELECT ${columns} FROM parcel_imports WHERE organisation_id = ${organisationId} ORDER BY created_at DESC, id DESC`)
      ).rows;
    },

    async refusals(id: number): Promise<RefusalRow[]> {
      return (
        await db.execute<RefusalRow>(sql`
          SELECT feature, reason, detail FROM parcel_import_refusals WHERE import_id = ${id} ORDER BY feature`)
      ).rows;
    },

    async refusalCounts(ids: number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const result = await db.execute<{ import_id: number; n: number }>(sql`
        SELECT import_id, count(*)::int AS n FROM parcel_import_refusals
         WHERE import_id IN (${sql.join(
           ids.map((i) => sql`${i}`),
           sql`, `,
         )}) GROUP BY import_id`);
      return new Map(result.rows.map((r) => [r.import_id, r.n]));
    },

    /**
     * Of these imports, the ones still `queued` or `running` whose job is dead: pg-boss gave it up after its retries
     * (`failed`) or it was cancelled, or no job exists for it ten minutes after the upload (the queue was
     * unreachable when it was sent, or a dead job outlived its 30 days). Read, never written: an import the database
     * could not store — a full or read-only disk — is reported failed while the disk still refuses every write,
     * and one retried from the back office (its job back to `retry`) is shown running again.
     */
    async deadJobs(rows: ReadonlyArray<Pick<ImportRow, 'id' | 'status'>>): Promise<Set<number>> {
      const open = rows.filter((r) => r.status === 'queued' || r.status === 'running').map((r) => r.id);
      if (open.length === 0) return new Set();
      const ids = sql.join(
        open.map((i) => sql`${i}`),
        sql`, `,
      );
      const installed = (
        await db.execute<{ present: boolean }>(sql`SELECT to_regclass('pgboss.job') IS NOT NULL AS present`)
      ).rows[0]?.present;
      const result = installed
        ? await db.execute<{ id: number }>(sql`
            SELECT i.id FROM parcel_imports i
              LEFT JOIN LATERAL (
                SELECT j.state::text AS state FROM pgboss.job j
                 WHERE j.name = 'parcel-import' AND j.singleton_key = 'import-' || i.id
                 ORDER BY j.created_on DESC LIMIT 1) job ON true
             WHERE i.id IN (${ids}) AND i.status IN ('queued', 'running')
               AND (job.state IN ('failed', 'cancelled')
                    OR (job.state IS NULL AND i.created_at < now() - ${DEAD_IMPORT_GRACE}::interval))`)
        : await db.execute<{ id: number }>(sql`
            SELECT id FROM parcel_imports
             WHERE id IN (${ids}) AND status IN ('queued', 'running')
               AND created_at < now() - ${DEAD_IMPORT_GRACE}::interval`);
      return new Set(result.rows.map((r) => Number(r.id)));
    },

    /** Marks the import running with its feature count; false when it is finished already (a retried job). */
    async begin(id: number): Promise<boolean> {
      const result = await db.execute<{ id: number }>(sql`
        UPDATE parcel_imports SET status = 'running' WHERE id = ${id} AND status IN ('queued', 'running') RETURNING id`);
      return result.rows.length > 0;
    },

    async setTotal(id: number, total: number) {
      await db.execute(sql`UPDATE parcel_imports SET total = ${total} WHERE id = ${id}`);
    },

    async fail(id: number, error: string) {
      await db.execute(sql`
        UPDATE parcel_imports SET status = 'failed', error = ${error}, file = NULL, finished_at = now() WHERE id = ${id}`);
    },

    /**
     * Checks every feature and stores the accepted ones as the organisation's parcels, in one transaction with the
     * report and the import's end: a crash leaves the import unfinished and nothing of it stored, and its retry
     * starts again from the file. The checks are set-based SQL over a staging table, in the order of
     * IMPORT_REFUSALS; each feature gets the first reason that applies.
     */
    async run(id: number, organisationId: number, features: StagedFeature[], namePrefix: string) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`
          CREATE TEMP TABLE import_rows (
            feature integer PRIMARY KEY, name text, crop text, sowing date, irrigated boolean, contact text,
            gj text, wkb text, srid integer, point_area_ha double precision,
            geom geometry, reason text, detail text, repaired boolean NOT NULL DEFAULT false
          ) ON COMMIT DROP`);
        for (let start = 0; start < features.length; start += STAGE_BATCH) {
          const rows = features.slice(start, start + STAGE_BATCH).map((f) => {
            const a = f.attributes;
            return sql`(${f.feature}, ${a.name}, ${a.crop}, ${a.sowingDate}::date, ${a.irrigated}::boolean,
                        ${a.farmerContact}, ${f.geojson}, ${f.wkbHex ?? null}, ${f.srid}::integer,
                        ${f.pointAreaHa ?? null}::double precision, ${a.problem?.reason ?? null},
                        ${a.problem?.detail ?? null})`;
          });
          await tx.execute(sql`
            INSERT INTO import_rows (feature, name, crop, sowing, irrigated, contact, gj, wkb, srid, point_area_ha,
                                     reason, detail)
            VALUES ${sql.join(rows, sql`, `)}`);
        }
        // The attribute problems are kept aside: a shape's problem is told first, as the user fixes it first.
        await tx.execute(sql`
          ALTER TABLE import_rows ADD COLUMN attr_reason text, ADD COLUMN attr_detail text`);
        await tx.execute(sql`
          UPDATE import_rows SET attr_reason = reason, attr_detail = detail, reason = NULL, detail = NULL
           WHERE reason IS NOT NULL`);
        await tx.execute(sql`
          UPDATE import_rows SET reason = 'no_geometry' WHERE gj IS NULL AND wkb IS NULL`);
        await tx.execute(sql`
          UPDATE import_rows SET geom = filaha_import_geom(gj, wkb, srid) WHERE reason IS NULL`);
        await tx.execute(sql`
          UPDATE import_rows SET reason = 'invalid_geometry' WHERE reason IS NULL AND geom IS NULL`);
        // A point with an area (CSV latitude/longitude): the disc of that area around it.
        await tx.execute(sql`
          UPDATE import_rows
             SET geom = ST_Buffer(geom::geography, sqrt(point_area_ha * 10000 / pi()), 16)::geometry
           WHERE reason IS NULL AND GeometryType(geom) = 'POINT' AND point_area_ha > 0`);
        await tx.execute(sql`
          UPDATE import_rows SET geom = ST_GeometryN(geom, 1)
           WHERE reason IS NULL AND GeometryType(geom) = 'MULTIPOLYGON' AND ST_NumGeometries(geom) = 1`);
        await tx.execute(sql`
          UPDATE import_rows
             SET reason = CASE WHEN GeometryType(geom) = 'MULTIPOLYGON' THEN 'multiple_parts' ELSE 'not_polygon' END,
                 detail = CASE WHEN GeometryType(geom) = 'MULTIPOLYGON' THEN ST_NumGeometries(geom)::text
                               ELSE initcap(GeometryType(geom)) END
           WHERE reason IS NULL AND GeometryType(geom) <> 'POLYGON'`);
        // A ring of fewer than 4 points (3 corners and the first again) is no outline at all.
        await tx.execute(sql`
          UPDATE import_rows SET reason = 'invalid_geometry', detail = NULL
           WHERE reason IS NULL AND ST_NPoints(ST_ExteriorRing(geom)) < 4`);
        // An invalid ring: repaired when PostGIS's repair gives back one polygon (a spike, a repeated point…),
        // refused when it splits the shape (a bow tie is two fields, or a drawing mistake).
        await tx.execute(sql`
          WITH fixed AS (
            SELECT feature,
                   -- Where the ring crosses itself (PostGIS's location, to 5 decimals: about a metre), else why.
                   coalesce((SELECT round(ST_X(d.location)::numeric, 5) || ' ' || round(ST_Y(d.location)::numeric, 5)
                               FROM ST_IsValidDetail(geom) d WHERE d.location IS NOT NULL),
                            ST_IsValidReason(geom)) AS why,
                   ST_CollectionExtract(ST_MakeValid(geom), 3) AS mv
              FROM import_rows WHERE reason IS NULL AND NOT ST_IsValid(geom))
          UPDATE import_rows r
             SET geom = CASE WHEN ST_NumGeometries(f.mv) = 1 THEN ST_GeometryN(f.mv, 1) ELSE r.geom END,
                 repaired = ST_NumGeometries(f.mv) = 1,
                 reason = CASE WHEN ST_NumGeometries(f.mv) = 1 THEN NULL ELSE 'self_intersection' END,
                 detail = CASE WHEN ST_NumGeometries(f.mv) = 1 THEN NULL ELSE f.why END
            FROM fixed f WHERE r.feature = f.feature`);
        const b = ALGERIA_BBOX;
        await tx.execute(sql`
          UPDATE import_rows SET reason = 'outside_coverage',
                 detail = round(ST_X(ST_Centroid(geom))::numeric, 4) || ' ' || round(ST_Y(ST_Centroid(geom))::numeric, 4)
           WHERE reason IS NULL
             AND (ST_XMin(geom) < ${b.minLon} OR ST_XMax(geom) > ${b.maxLon}
               OR ST_YMin(geom) < ${b.minLat} OR ST_YMax(geom) > ${b.maxLat})`);
        await tx.execute(sql`
          UPDATE import_rows
             SET reason = CASE WHEN ST_Area(geom::geography) < ${PARCEL_AREA_HA.min * 10_000}
                               THEN 'area_too_small' ELSE 'area_too_large' END,
                 detail = round((ST_Area(geom::geography) / 10000)::numeric, 4) || ' ha'
           WHERE reason IS NULL
             AND (ST_Area(geom::geography) < ${PARCEL_AREA_HA.min * 10_000}
               OR ST_Area(geom::geography) > ${PARCEL_AREA_HA.max * 10_000})`);
        await tx.execute(sql`
          UPDATE import_rows SET reason = attr_reason, detail = attr_detail
           WHERE reason IS NULL AND attr_reason IS NOT NULL`);
        await tx.execute(sql`CREATE INDEX ON import_rows USING gist (geom)`);
        await tx.execute(sql`ANALYZE import_rows`);
        // The same field twice in the file, then a field overlapping an earlier one of the file.
        await tx.execute(sql`
          UPDATE import_rows r SET reason = 'duplicate', detail = d.first::text
            FROM (SELECT a.feature, min(e.feature) AS first
                    FROM import_rows a JOIN import_rows e
                      ON e.feature < a.feature AND e.reason IS NULL AND e.geom && a.geom AND ST_Equals(e.geom, a.geom)
                   WHERE a.reason IS NULL GROUP BY a.feature) d
           WHERE r.feature = d.feature`);
        await tx.execute(sql`
          UPDATE import_rows r SET reason = 'overlaps_feature', detail = o.first::text
            FROM (SELECT a.feature, min(e.feature) AS first
                    FROM import_rows a JOIN import_rows e
                      ON e.feature < a.feature AND e.reason IS NULL AND e.geom && a.geom
                     AND ST_Intersects(e.geom, a.geom)
                     AND ST_Area(ST_Intersection(e.geom, a.geom)) > ${OVERLAP_TOLERANCE} * least(ST_Area(a.geom), ST_Area(e.geom))
                   WHERE a.reason IS NULL GROUP BY a.feature) o
           WHERE r.feature = o.feature`);
        // …and the organisation's parcels already there (its own, from earlier imports or drawn).
        await tx.execute(sql`
          UPDATE import_rows r
             SET reason = CASE WHEN o.same THEN 'duplicate_existing' ELSE 'overlaps_existing' END,
                 detail = o.parcel_id::text
            FROM (SELECT DISTINCT ON (a.feature) a.feature, p.id AS parcel_id, ST_Equals(p.geom, a.geom) AS same
                    FROM import_rows a JOIN parcels p
                      ON p.organisation_id = ${organisationId} AND p.geom && a.geom AND ST_Intersects(p.geom, a.geom)
                     AND (ST_Equals(p.geom, a.geom)
                       OR ST_Area(ST_Intersection(p.geom, a.geom)) > ${OVERLAP_TOLERANCE} * least(ST_Area(a.geom), ST_Area(p.geom)))
                   WHERE a.reason IS NULL
                   ORDER BY a.feature, ST_Equals(p.geom, a.geom) DESC, p.id) o
           WHERE r.feature = o.feature`);

        const season = seasonOf(new Date().toISOString().slice(0, 10));
        const inserted = await tx.execute<{ id: number }>(sql`
          INSERT INTO parcels (name, organisation_id, geom, crop, farmer_contact, import_id, import_feature)
          SELECT coalesce(name, ${namePrefix} || feature), ${organisationId}, ST_SetSRID(geom, 4326), crop, contact, ${id}, feature
            FROM import_rows WHERE reason IS NULL ORDER BY feature
          RETURNING id`);
        // The crop of the season of its sowing date (else of today), irrigated with an unnamed system when the file
        // says irrigated, rainfed when it says not or says nothing.
        await tx.execute(sql`
          INSERT INTO parcel_seasons (parcel_id, season, crop, sowing_date, irrigated, irrigation_system)
          SELECT p.id,
                 CASE WHEN r.sowing IS NULL THEN ${season}
                      WHEN extract(month FROM r.sowing) >= 9 THEN extract(year FROM r.sowing)::int
                      ELSE extract(year FROM r.sowing)::int - 1 END,
                 r.crop, r.sowing, coalesce(r.irrigated, false),
                 CASE WHEN r.irrigated THEN 'other' END
            FROM import_rows r JOIN parcels p ON p.import_id = ${id} AND p.import_feature = r.feature
           WHERE r.reason IS NULL AND r.crop IS NOT NULL`);
        await tx.execute(sql`
          INSERT INTO parcel_import_refusals (import_id, feature, reason, detail)
          SELECT ${id}, feature, reason, left(detail, 500) FROM import_rows WHERE reason IS NOT NULL`);
        const counts = await tx.execute<{ repaired: number }>(sql`
          SELECT count(*) FILTER (WHERE repaired AND reason IS NULL)::int AS repaired FROM import_rows`);
        const accepted = inserted.rows.length;
        const repaired = counts.rows[0]?.repaired ?? 0;
        // The territory table is out of date; the import job refreshes it once this commits (run-import.ts).
        await tx.execute(
          sql`UPDATE organisation_condition_runs SET stale = true WHERE organisation_id = ${organisationId}`,
        );
        await tx.execute(sql`
          UPDATE parcel_imports
             SET status = 'done', total = ${features.length}, accepted = ${accepted}, repaired = ${repaired},
                 error = NULL, file = NULL, finished_at = now()
           WHERE id = ${id}`);
        return { accepted, repaired };
      });
    },
  };
}

export type ImportsRepository = ReturnType<typeof createImportsRepository>;
