import { parsePolygon, type PolygonInput, type Position } from '@filaha/shared';

export interface Bounds {
  /** min longitude */
  bWS: number;
  /** max longitude */
  bWN: number;
  /** min latitude */
  bES: number;
  /** max latitude */
  bEN: number;
}

/** Either a polygon, or the locale key (`admin:…` or `validation.parcel…`) saying why the file was refused. */
export type FileParse = { ok: true; polygon: PolygonInput } | { ok: false; message: string };

export const NOT_GEOJSON = 'admin:parcels.fileRefused';
export const UNREADABLE = 'admin:parcels.fileUnreadable';

/** SPEC §5: only `.geojson` files are accepted (whatever their size). */
export function isGeoJsonFile(name: string): boolean {
  return /\.geojson$/i.test(name.trim());
}

/**
 * A dropped or chosen file → the parcel polygon: the first feature of a FeatureCollection (SPEC §4), a
 * Feature, or a bare Polygon; structure rules are the shared ones (`parsePolygon`).
 */
export async function readGeoJsonFile(file: Pick<File, 'name' | 'text'>): Promise<FileParse> {
  if (!isGeoJsonFile(file.name)) return { ok: false, message: NOT_GEOJSON };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, message: UNREADABLE };
  }
  const result = parsePolygon(text);
  return result.ok ? { ok: true, polygon: result.polygon } : { ok: false, message: result.message };
}

/** The envelope of the outer ring: what the server stores as bWS/bWN/bES/bEN. */
export function boundsOf(polygon: PolygonInput): Bounds {
  const ring = polygon.coordinates[0] ?? [];
  const lons = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  return { bWS: Math.min(...lons), bWN: Math.max(...lons), bES: Math.min(...lats), bEN: Math.max(...lats) };
}

/** The four manual inputs as numbers when all are filled and ordered (west < east, south < north). */
export function boundsFromInputs(values: Record<keyof Bounds, unknown>): Bounds | null {
  const n = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);
  const b = { bWS: n(values.bWS), bWN: n(values.bWN), bES: n(values.bES), bEN: n(values.bEN) };
  if (!Object.values(b).every(Number.isFinite)) return null;
  return b.bWS < b.bWN && b.bES < b.bEN ? b : null;
}

const EARTH_RADIUS_M = 6378137;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Area of one ring on the sphere (the formula of Chamberlain & Duquette, as GIS libraries use), in m². */
function ringAreaM2(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [lon1, lat1] = ring[i] as Position;
    const [lon2, lat2] = ring[i + 1] as Position;
    sum += rad(lon2 - lon1) * (2 + Math.sin(rad(lat1)) + Math.sin(rad(lat2)));
  }
  return Math.abs((sum * EARTH_RADIUS_M * EARTH_RADIUS_M) / 2);
}

/** Hectares shown beside the form (the server's PostGIS figure is the one stored). Holes are subtracted. */
export function areaHa(polygon: PolygonInput): number {
  const [outer, ...holes] = polygon.coordinates;
  if (!outer) return 0;
  const m2 = ringAreaM2(outer) - holes.reduce((s, h) => s + ringAreaM2(h), 0);
  return Math.max(0, m2) / 10_000;
}

/** Leaflet wants [lat, lng]; GeoJSON is [lng, lat]. */
export function toLatLngs(polygon: PolygonInput): Array<Array<[number, number]>> {
  return polygon.coordinates.map((ring) => ring.map(([lng, lat]) => [lat, lng] as [number, number]));
}

export function centerOf(b: Bounds): [number, number] {
  return [(b.bES + b.bEN) / 2, (b.bWS + b.bWN) / 2];
}

/** A drawn shape (Leaflet GeoJSON output) → a closed 2D polygon, or null when it is not one. */
export function polygonFromDrawn(geojson: unknown): PolygonInput | null {
  const result = parsePolygon(geojson);
  return result.ok ? result.polygon : null;
}
