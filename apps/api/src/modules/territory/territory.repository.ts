import { sql, type Db } from '@filaha/db';
import { CONDITION_RULE, type Crop } from '@filaha/shared';

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

export interface PointRow extends Record<string, unknown> {
  date: string | Date;
  scene_id: string;
  basis: string;
  status: 'point' | 'CLOUDY' | 'OUTSIDE_COVERAGE';
  stats: { median?: number; mean?: number; p25?: number; p75?: number } | null;
  valid_fraction: number | null;
}

export function createTerritoryRepository(db: Db) {
  return {
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
      const r = CONDITION_RULE;
      return db.transaction(async (tx) => {
        const rows = (
          await tx.execute<TerritoryParcelRow>(sql`
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
            peers AS (
              SELECT l.parcel_id, count(*)::int AS n, avg(o.median) AS mean, stddev_samp(o.median) AS sd
                FROM latest l
                JOIN crop c ON c.parcel_id = l.parcel_id
                JOIN crop c2 ON c2.crop = c.crop AND c2.season = c.season AND c2.parcel_id <> c.parcel_id
                JOIN latest o ON o.parcel_id = c2.parcel_id AND abs(o.date - l.date) <= ${r.windowDays}
               GROUP BY l.parcel_id)
            SELECT op.id, op.name, op.farmer_id, op.farmer_name, op.farmer_contact, op.area_m2,
                   c.season, c.crop, c.sowing_date, c.irrigated,
                   l.date AS point_date, l.median, l.valid_fraction,
                   CASE WHEN h.n >= ${r.minHistory} THEN 'history' WHEN pe.n >= ${r.minPeers} THEN 'peers' END AS reference,
                   CASE WHEN h.n >= ${r.minHistory} THEN (l.median - h.mean) / greatest(coalesce(h.sd, 0), ${r.minStd})
                        WHEN pe.n >= ${r.minPeers} THEN (l.median - pe.mean) / greatest(coalesce(pe.sd, 0), ${r.minStd})
                   END AS z,
                   ST_X(ST_PointOnSurface(op.geom)) AS lon, ST_Y(ST_PointOnSurface(op.geom)) AS lat
                   ${
                     geometry === 'wkt'
                       ? sql`, ST_AsText(op.geom, 7) AS wkt`
                       : geometry === 'wkb'
                         ? sql`, encode(ST_AsBinary(op.geom, 'NDR'), 'hex') AS wkb`
                         : sql``
                   }
              FROM op
              LEFT JOIN crop c ON c.parcel_id = op.id
              LEFT JOIN latest l ON l.parcel_id = op.id
              LEFT JOIN history h ON h.parcel_id = op.id
              LEFT JOIN peers pe ON pe.parcel_id = op.id
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
}

export type TerritoryRepository = ReturnType<typeof createTerritoryRepository>;
