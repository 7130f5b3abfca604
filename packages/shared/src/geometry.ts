/**
 * GeoJSON (Multi)Polygon helpers in longitude/latitude, without dependencies: the imagery engine matches parcels
 * against scene footprints with them, and the web app's parcel form checks a drawn parcel against the catalog's
 * coverage with the very same test (`@filaha/shared/geometry`). The engine's own shape check, which throws its
 * typed error, stays in packages/imagery (`geo/geometry.ts`).
 */

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

/** Every ring of every polygon, flattened. Even-odd filling over all of them gives holes and multi-parts. */
export function geometryRings(geometry: ParcelGeometry): Ring[] {
  if (geometry.type === 'Polygon') return [...geometry.coordinates];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates.flatMap((polygon) => [...polygon]);
  throw new TypeError(`Unsupported geometry type ${(geometry as { type: string }).type}`);
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
