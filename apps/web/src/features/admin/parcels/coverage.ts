import { DEMO_AREA, type PolygonInput } from '@filaha/shared';
import type { RouteData } from '@filaha/shared/contracts';
import { geometryRings, ringsIntersect, type ParcelGeometry } from '@filaha/shared/geometry';
import { call } from '../../../lib/client.ts';
import type { Bounds } from './geometry.ts';

/** GET /api/images/coverage: where the imagery catalog has images (one feature per footprint). */
export type Coverage = RouteData<'GET /images/coverage'>;

export const coverageQuery = {
  queryKey: ['admin', 'imagery-coverage'] as const,
  queryFn: () => call('GET /images/coverage'),
  staleTime: 10 * 60_000,
  retry: false,
};

/** Whether the polygon meets the catalog's coverage anywhere. */
export function insideCoverage(polygon: PolygonInput, coverage: Coverage): boolean {
  const rings = geometryRings(polygon as ParcelGeometry);
  return coverage.features.some((f) => ringsIntersect(rings, geometryRings(f.geometry)));
}

/** Leaflet [[south, west], [north, east]]. */
export type LatLngBox = [[number, number], [number, number]];

export const DEMO_BOX: LatLngBox = [
  [DEMO_AREA.south, DEMO_AREA.west],
  [DEMO_AREA.north, DEMO_AREA.east],
];

/**
 * Where the admin map opens: the parcels of the grid cell (0.1°, ~10 km) that holds the most of them, framed
 * together; with no parcel at all, null (the caller opens on the demo area).
 */
export function densestArea(parcels: ReadonlyArray<Bounds>, cellDeg = 0.1): LatLngBox | null {
  const cells = new Map<string, Bounds[]>();
  for (const p of parcels) {
    const key = `${Math.floor((p.bES + p.bEN) / 2 / cellDeg)}:${Math.floor((p.bWS + p.bWN) / 2 / cellDeg)}`;
    const list = cells.get(key) ?? [];
    list.push(p);
    cells.set(key, list);
  }
  let best: Bounds[] | null = null;
  for (const list of cells.values()) if (!best || list.length > best.length) best = list;
  if (!best) return null;
  return [
    [Math.min(...best.map((p) => p.bES)), Math.min(...best.map((p) => p.bWS))],
    [Math.max(...best.map((p) => p.bEN)), Math.max(...best.map((p) => p.bWN))],
  ];
}
