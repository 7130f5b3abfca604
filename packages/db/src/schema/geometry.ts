import { sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/** A GeoJSON polygon: rings of [longitude, latitude] positions, each ring closed. */
export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: Array<Array<[number, number]>>;
}

const SRID_FLAG = 0x20000000;
const POLYGON = 3;

/**
 * Decodes the hex EWKB PostGIS sends for a geometry column. Done in JS so a plain `select` of the column gives
 * GeoJSON on both drivers without wrapping every query in ST_AsGeoJSON.
 */
export function polygonFromWkbHex(hex: string): PolygonGeometry {
  const buf = Buffer.from(hex, 'hex');
  const little = buf.readUInt8(0) === 1;
  const u32 = (at: number) => (little ? buf.readUInt32LE(at) : buf.readUInt32BE(at));
  const f64 = (at: number) => (little ? buf.readDoubleLE(at) : buf.readDoubleBE(at));
  const rawType = u32(1);
  if ((rawType & 0xffff) !== POLYGON)
    throw new Error(`expected a PostGIS Polygon, got geometry type ${rawType & 0xffff}`);
  let at = 5 + ((rawType & SRID_FLAG) !== 0 ? 4 : 0);
  const ringCount = u32(at);
  at += 4;
  const coordinates: PolygonGeometry['coordinates'] = [];
  for (let r = 0; r < ringCount; r += 1) {
    const pointCount = u32(at);
    at += 4;
    const ring: Array<[number, number]> = [];
    for (let p = 0; p < pointCount; p += 1) {
      ring.push([f64(at), f64(at + 8)]);
      at += 16;
    }
    coordinates.push(ring);
  }
  return { type: 'Polygon', coordinates };
}

/**
 * PostGIS `geometry(Polygon,4326)` holding GeoJSON in TypeScript. Writes go through ST_GeomFromGeoJSON, so
 * PostGIS validates the shape; reads decode EWKB (see polygonFromWkbHex).
 */
export const polygon4326 = customType<{ data: PolygonGeometry; driverData: string }>({
  dataType: () => 'geometry(Polygon,4326)',
  toDriver: (value) => sql`ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(value)}), 4326)`,
  fromDriver: (value) => polygonFromWkbHex(value),
});
