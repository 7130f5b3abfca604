import type { FetchLike } from '../cog/byte-source.ts';
import { CatalogUnavailableError } from '../errors.ts';
import {
  bboxPolygon,
  geometryRings,
  ringsIntersect,
  type BBox,
  type ParcelGeometry,
  type PolygonGeometry,
} from '@filaha/shared/geometry';
import { requestJson } from './http-json.ts';
import { StaticCatalogSource } from './static-source.ts';

/** Where a catalog has imagery: one feature per distinct footprint (their union, as a set of areas). */
export interface CoverageFeature {
  type: 'Feature';
  properties: { source: 'items' | 'collection'; name: string };
  geometry: ParcelGeometry;
}
export interface Coverage {
  type: 'FeatureCollection';
  features: CoverageFeature[];
}

export interface CoverageOptions {
  /** The static catalog folder: the footprints of its items. */
  catalogPath?: string;
  /** A STAC API root: the spatial extent (bboxes) of each collection. */
  stacApiUrl?: string;
  collections: ReadonlyArray<string>;
  fetch?: FetchLike;
  timeoutMs?: number;
  retries?: number;
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
const isBBox = (v: unknown): v is number[] =>
  Array.isArray(v) && (v.length === 4 || v.length === 6) && v.every((n) => typeof n === 'number' && Number.isFinite(n));

/** A STAC extent bbox as polygons; one crossing the antimeridian (west > east) is split in two. */
function extentPolygons(raw: number[]): PolygonGeometry[] {
  const [west, south, east, north] = raw.length === 6 ? [raw[0]!, raw[1]!, raw[3]!, raw[4]!] : (raw as BBox);
  if (west <= east) return [bboxPolygon([west, south, east, north])];
  return [bboxPolygon([west, south, 180, north]), bboxPolygon([-180, south, east, north])];
}

/**
 * The catalog's coverage footprint. A static catalog (the bundled demo one): the distinct footprints of its
 * items (or their bbox when an item has no geometry). A STAC API: each collection's spatial extent — the
 * first bbox is the overall extent, the others its parts (STAC collection spec), so the parts are used when
 * there are some. Any source that cannot be read fails the whole answer (CatalogUnavailableError): a partial
 * coverage would call covered parcels "outside".
 */
export async function catalogCoverage(options: CoverageOptions): Promise<Coverage> {
  const features: CoverageFeature[] = [];
  const seen = new Set<string>();
  const add = (geometry: ParcelGeometry, source: CoverageFeature['properties']['source'], name: string) => {
    const key = JSON.stringify(geometry.coordinates, (_k, v: unknown) => (typeof v === 'number' ? round6(v) : v));
    if (seen.has(key)) return;
    seen.add(key);
    features.push({ type: 'Feature', properties: { source, name }, geometry });
  };

  if (options.catalogPath) {
    const source = new StaticCatalogSource(options.catalogPath, options.collections);
    for (const item of await source.items()) {
      const footprint = item.footprint ?? (item.bbox ? bboxPolygon(item.bbox) : null);
      if (footprint) add(footprint, 'items', item.collection ?? item.id);
    }
  }

  if (options.stacApiUrl) {
    const root = options.stacApiUrl.replace(/\/+$/, '');
    const policy = {
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      timeoutMs: options.timeoutMs ?? 8_000,
      retries: options.retries ?? 1,
    } satisfies { fetch: FetchLike; timeoutMs: number; retries: number };
    for (const collection of options.collections) {
      const url = `${root}/collections/${encodeURIComponent(collection)}`;
      const answer = (await requestJson({ method: 'GET', url }, policy, root)) as {
        extent?: { spatial?: { bbox?: unknown } };
      } | null;
      const boxes = answer?.extent?.spatial?.bbox;
      if (!Array.isArray(boxes) || boxes.length === 0 || !boxes.every(isBBox))
        throw new CatalogUnavailableError(root, `collection ${collection} has no spatial extent`);
      const parts = boxes.length > 1 ? boxes.slice(1) : boxes;
      for (const box of parts) for (const polygon of extentPolygons(box)) add(polygon, 'collection', collection);
    }
  }
  return { type: 'FeatureCollection', features };
}

/** Whether the geometry meets the coverage anywhere (any footprint). */
export function intersectsCoverage(geometry: ParcelGeometry, coverage: Coverage): boolean {
  const rings = geometryRings(geometry);
  return coverage.features.some((feature) => ringsIntersect(rings, geometryRings(feature.geometry)));
}
