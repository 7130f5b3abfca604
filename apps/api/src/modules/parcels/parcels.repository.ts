import {
  asc,
  eq,
  heldByFarmer,
  isNotNull,
  parcels,
  roles,
  sql,
  users,
  type Db,
  type InferSelectModel,
  type SQL,
} from '@filaha/db';
import type { PolygonInput } from '@filaha/shared';
import { hasSqlState, SQL_STATE } from '../../lib/sql-state.ts';

export type ParcelRecord = InferSelectModel<typeof parcels> & { userId: number };

/** What PostGIS says about a candidate geometry, before anything is written. */
export interface GeometryCheck {
  valid: boolean;
  /** ST_IsValidReason, e.g. 'Self-intersection[3.001 36.6]'; 'Valid Geometry' when valid. */
  reason: string;
  /** ST_Area on the geography (square metres on the spheroid), so it is right at any latitude. */
  areaM2: number;
  minLon: number;
  maxLon: number;
  minLat: number;
  maxLat: number;
}

export interface NewParcel {
  name: string;
  userId: number;
  geom: PolygonInput;
  crop: string | null;
}

export function createParcelsRepository(db: Db) {
  const select = (where?: SQL) => db.select().from(parcels).where(where).orderBy(asc(parcels.id));

  return {
    /** A farmer's parcels, or every farmer's (an organisation's own parcels are not farmers': heldByFarmer). */
    list: async (userId?: number): Promise<ParcelRecord[]> =>
      (await select(userId === undefined ? isNotNull(parcels.userId) : eq(parcels.userId, userId))).flatMap(
        (r) => heldByFarmer(r) ?? [],
      ),

    async findById(id: number): Promise<ParcelRecord | undefined> {
      const [row] = await select(eq(parcels.id, id));
      return heldByFarmer(row);
    },

    /** The role name of a user, or undefined when there is no such user. */
    async roleOf(userId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ role: roles.name })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.id, userId));
      return row?.role;
    },

    /** Validity, reason, area and envelope in one round trip; undefined when PostGIS cannot even parse it. */
    async checkGeometry(polygon: PolygonInput): Promise<GeometryCheck | undefined> {
      try {
        const result = await db.execute<{
          valid: boolean;
          reason: string;
          area: number | string;
          min_lon: number | string;
          max_lon: number | string;
          min_lat: number | string;
          max_lat: number | string;
        }>(sql`
          WITH g AS (SELECT ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(polygon)}), 4326) AS geom)
          SELECT ST_IsValid(geom) AS valid, ST_IsValidReason(geom) AS reason,
                 ST_Area(geom::geography) AS area,
                 ST_XMin(geom) AS min_lon, ST_XMax(geom) AS max_lon,
                 ST_YMin(geom) AS min_lat, ST_YMax(geom) AS max_lat
          FROM g`);
        const row = result.rows[0];
        if (!row) return undefined;
        return {
          valid: row.valid,
          reason: row.reason,
          areaM2: Number(row.area),
          minLon: Number(row.min_lon),
          maxLon: Number(row.max_lon),
          minLat: Number(row.min_lat),
          maxLat: Number(row.max_lat),
        };
      } catch (error) {
        // SQLSTATE XX000 is what PostGIS raises for GeoJSON it cannot read.
        if (hasSqlState(error, SQL_STATE.internalError)) return undefined;
        throw error;
      }
    },

    /** Area and bounds are generated columns: the database computes them from the geometry. */
    async create(parcel: NewParcel): Promise<ParcelRecord | 'invalid' | 'no_user'> {
      try {
        const [row] = await db.insert(parcels).values(parcel).returning();
        // Inserted with the farmer's userId, so held by a farmer.
        const held = heldByFarmer(row);
        if (!held) throw new Error('insert returned no row');
        return held;
      } catch (error) {
        if (hasSqlState(error, SQL_STATE.checkViolation)) return 'invalid';
        if (hasSqlState(error, SQL_STATE.foreignKeyViolation)) return 'no_user';
        throw error;
      }
    },

    /** Produced images of the parcel go with it (index_results CASCADE). */
    async remove(id: number): Promise<boolean> {
      const deleted = await db.delete(parcels).where(eq(parcels.id, id)).returning({ id: parcels.id });
      return deleted.length > 0;
    },
  };
}

export type ParcelsRepository = ReturnType<typeof createParcelsRepository>;
