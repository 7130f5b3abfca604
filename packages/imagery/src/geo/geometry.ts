import type { ParcelGeometry } from '@filaha/shared/geometry';
import { InvalidGeometryError } from '../errors.ts';

// The (Multi)Polygon types and helpers are @filaha/shared's (`@filaha/shared/geometry`, which the web app reads
// too); here is what only the engine needs.

/** A ring as two flat coordinate arrays; the unit is whatever the ring was projected to. */
export interface FlatRing {
  xs: Float64Array;
  ys: Float64Array;
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
