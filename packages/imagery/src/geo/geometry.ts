import { InvalidGeometryError } from '../errors.ts';

/** GeoJSON position: longitude, latitude (extra ordinates are ignored). */
export type Position = readonly number[];
export type Ring = ReadonlyArray<Position>;
export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: ReadonlyArray<Ring>;
}
export interface MultiPolygonGeometry {
  type: 'MultiPolygon';
  coordinates: ReadonlyArray<ReadonlyArray<Ring>>;
}
export type ParcelGeometry = PolygonGeometry | MultiPolygonGeometry;

/** [west, south, east, north] (GeoJSON bbox order) or the same in projected metres. */
export type BBox = [number, number, number, number];

/** A ring as two flat coordinate arrays; the unit is whatever the ring was projected to. */
export interface FlatRing {
  xs: Float64Array;
  ys: Float64Array;
}

/** Every ring of every polygon, flattened. Even-odd filling over all of them gives holes and multi-parts. */
export function geometryRings(geometry: ParcelGeometry): Ring[] {
  if (geometry.type === 'Polygon') return [...geometry.coordinates];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates.flatMap((polygon) => [...polygon]);
  throw new InvalidGeometryError(`Unsupported geometry type ${(geometry as { type: string }).type}`);
}

/** Checks the shape of a GeoJSON (Multi)Polygon so later code can index coordinates without surprises. */
export function assertParcelGeometry(value: unknown): asserts value is ParcelGeometry {
  if (typeof value !== 'object' || value === null) throw new InvalidGeometryError('Geometry must be an object');
  const geometry = value as { type?: unknown; coordinates?: unknown };
  const polygons =
    geometry.type === 'Polygon'
      ? [geometry.coordinates]
      : geometry.type === 'MultiPolygon' && Array.isArray(geometry.coordinates)
        ? (geometry.coordinates as unknown[])
        : null;
  if (!polygons) throw new InvalidGeometryError('Geometry must be a GeoJSON Polygon or MultiPolygon');
  if (polygons.length === 0) throw new InvalidGeometryError('Geometry has no polygon');
  for (const polygon of polygons) {
    if (!Array.isArray(polygon) || polygon.length === 0) throw new InvalidGeometryError('Polygon without rings');
    for (const ring of polygon as unknown[]) {
      if (!Array.isArray(ring) || ring.length < 4) throw new InvalidGeometryError('A ring needs at least 4 positions');
      for (const position of ring as unknown[]) {
        if (!Array.isArray(position) || position.length < 2) throw new InvalidGeometryError('Bad position');
        const [lon, lat] = position as unknown[];
        if (typeof lon !== 'number' || typeof lat !== 'number' || !Number.isFinite(lon) || !Number.isFinite(lat)) {
          throw new InvalidGeometryError('Positions must be finite [longitude, latitude] numbers');
        }
        if (lon < -180 || lon > 180 || lat < -90 || lat > 90) throw new InvalidGeometryError('Position out of range');
      }
    }
  }
}

export function ringsBBox(rings: ReadonlyArray<Ring>): BBox {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const ring of rings) {
    for (const p of ring) {
      const x = p[0] as number;
      const y = p[1] as number;
      if (x < west) west = x;
      if (x > east) east = x;
      if (y < south) south = y;
      if (y > north) north = y;
    }
  }
  return [west, south, east, north];
}

export function geometryBBox(geometry: ParcelGeometry): BBox {
  return ringsBBox(geometryRings(geometry));
}

export function bboxPolygon([west, south, east, north]: BBox): PolygonGeometry {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  };
}

export function bboxesOverlap(a: BBox, b: BBox): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

/** Even-odd point-in-polygon over all rings (holes and multi-parts included). */
export function pointInRings(x: number, y: number, rings: ReadonlyArray<Ring>): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const xi = ring[i]![0]!;
      const yi = ring[i]![1]!;
      const xj = ring[j]![0]!;
      const yj = ring[j]![1]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

function segmentsCross(a: Position, b: Position, c: Position, d: Position): boolean {
  const orient = (p: Position, q: Position, r: Position) =>
    Math.sign((q[0]! - p[0]!) * (r[1]! - p[1]!) - (q[1]! - p[1]!) * (r[0]! - p[0]!));
  return orient(a, b, c) * orient(a, b, d) < 0 && orient(c, d, a) * orient(c, d, b) < 0;
}

/** Whether two (multi)polygons share any area: a vertex of one inside the other, or crossing edges. */
export function ringsIntersect(a: ReadonlyArray<Ring>, b: ReadonlyArray<Ring>): boolean {
  if (!bboxesOverlap(ringsBBox(a), ringsBBox(b))) return false;
  for (const ring of a) for (const p of ring) if (pointInRings(p[0]!, p[1]!, b)) return true;
  for (const ring of b) for (const p of ring) if (pointInRings(p[0]!, p[1]!, a)) return true;
  for (const ra of a) {
    for (let i = 1; i < ra.length; i++) {
      for (const rb of b) {
        for (let j = 1; j < rb.length; j++) if (segmentsCross(ra[i - 1]!, ra[i]!, rb[j - 1]!, rb[j]!)) return true;
      }
    }
  }
  return false;
}

/** Whether every vertex of `inner` lies inside `outer` (good enough for a parcel against a tile footprint). */
export function ringsContain(outer: ReadonlyArray<Ring>, inner: ReadonlyArray<Ring>): boolean {
  for (const ring of inner) for (const p of ring) if (!pointInRings(p[0]!, p[1]!, outer)) return false;
  return true;
}
