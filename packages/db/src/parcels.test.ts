import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parcels, polygonFromWkbHex, type PolygonGeometry } from './schema/index.ts';
import { createParcel, createUser, getTestDb, IRREGULAR_FIELD } from './testing/index.ts';

/** Independent area estimate: shoelace formula on a local equirectangular projection (fine for ~1 km). */
function approximateAreaM2(ring: Array<[number, number]>): number {
  const R = 6_371_008.8;
  const lat0 = (ring.reduce((s, [, lat]) => s + lat, 0) / ring.length) * (Math.PI / 180);
  const pts = ring.map(
    ([lon, lat]) => [R * lon * (Math.PI / 180) * Math.cos(lat0), R * lat * (Math.PI / 180)] as const,
  );
  let twice = 0;
  for (let i = 0; i < pts.length - 1; i += 1) {
    const [x1, y1] = pts[i] ?? [0, 0];
    const [x2, y2] = pts[i + 1] ?? [0, 0];
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}

describe('parcels', () => {
  it('computes bWS/bWN/bES/bEN and the area from the geometry, and round-trips GeoJSON', async () => {
    const { db } = await getTestDb();
    const { user } = await createUser(db);
    const { parcel } = await createParcel(db, { userId: user.id, geom: IRREGULAR_FIELD });
    const ring = IRREGULAR_FIELD.coordinates[0] ?? [];
    const lons = ring.map((p) => p[0]);
    const lats = ring.map((p) => p[1]);
    expect(parcel.bWS).toBeCloseTo(Math.min(...lons), 9);
    expect(parcel.bWN).toBeCloseTo(Math.max(...lons), 9);
    expect(parcel.bES).toBeCloseTo(Math.min(...lats), 9);
    expect(parcel.bEN).toBeCloseTo(Math.max(...lats), 9);
    const estimate = approximateAreaM2(ring);
    expect(Math.abs(parcel.areaM2 - estimate) / estimate).toBeLessThan(0.01);
    expect(parcel.geom).toEqual(IRREGULAR_FIELD);
  });

  it('recomputes the bounds when the geometry changes', async () => {
    const { db } = await getTestDb();
    const { user } = await createUser(db);
    const { parcel } = await createParcel(db, { userId: user.id });
    const moved: PolygonGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          [3, 36],
          [3.01, 36],
          [3.01, 36.02],
          [3, 36.02],
          [3, 36],
        ],
      ],
    };
    const [updated] = await db.update(parcels).set({ geom: moved }).where(eq(parcels.id, parcel.id)).returning();
    expect([updated?.bWS, updated?.bWN, updated?.bES, updated?.bEN]).toEqual([3, 3.01, 36, 36.02]);
  });

  it('refuses a self-intersecting polygon and a non-polygon', async () => {
    const { db } = await getTestDb();
    const { user } = await createUser(db);
    const bowTie: PolygonGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ],
      ],
    };
    await expect(createParcel(db, { userId: user.id, geom: bowTie })).rejects.toThrow();
    await expect(
      db.execute(
        sql`INSERT INTO parcels (name, user_id, geom) VALUES ('line', ${user.id}, ST_GeomFromText('LINESTRING(0 0, 1 1)', 4326))`,
      ),
    ).rejects.toThrow();
  });

  it('has a GiST index on the geometry', async () => {
    const { db } = await getTestDb();
    const { rows } = await db.execute<{ indexdef: string }>(
      "SELECT indexdef FROM pg_indexes WHERE tablename = 'parcels' AND indexname = 'parcels_geom_gist'",
    );
    expect(rows[0]?.indexdef).toMatch(/USING gist \(geom\)/);
  });

  it('decodes little- and big-endian WKB, with and without SRID', async () => {
    const { db } = await getTestDb();
    const wkt = 'POLYGON((2.5 36.1,2.6 36.1,2.6 36.2,2.5 36.1))';
    const { rows } = await db.execute<{ ewkb: string; xdr: string }>(sql`
      SELECT encode(ST_AsEWKB(ST_GeomFromText(${wkt}, 4326)), 'hex') AS ewkb,
             encode(ST_AsBinary(ST_GeomFromText(${wkt}), 'XDR'), 'hex') AS xdr`);
    const expected = {
      type: 'Polygon',
      coordinates: [
        [
          [2.5, 36.1],
          [2.6, 36.1],
          [2.6, 36.2],
          [2.5, 36.1],
        ],
      ],
    };
    expect(polygonFromWkbHex(rows[0]?.ewkb ?? '')).toEqual(expected);
    expect(polygonFromWkbHex(rows[0]?.xdr ?? '')).toEqual(expected);
    expect(() => polygonFromWkbHex('0101000000000000000000f03f000000000000f03f')).toThrow();
  });
});
