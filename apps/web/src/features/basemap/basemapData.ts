import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { WILAYAS } from '@filaha/shared';
// Under 1 kB: travels with the map code rather than as one more request.
import { WILAYA_SEATS } from './geodata/wilaya-seats.ts';

/** One wilaya seat, named in both languages. */
export interface WilayaSeat {
  code: number;
  lat: number;
  lng: number;
  fr: string;
  ar: string;
}

export type Boundaries = FeatureCollection<Polygon | MultiPolygon> & { attribution?: string };

export interface BasemapData {
  /** Algeria's outline (Natural Earth 1:10m, public domain). */
  outline: Feature<Polygon | MultiPolygon>;
  /**
   * The 48 wilayas (1984–2019 division): Natural Earth 1:10m Admin 1 (public domain) as bundled today, or
   * geoBoundaries DZA ADM1 (OpenStreetMap, ODbL) when that file is built instead; `attribution` names the source.
   */
  boundaries: Boundaries | null;
  seats: WilayaSeat[];
}

/**
 * The wilaya boundaries: `@filaha/shared/geodata/wilaya-boundaries.json`, written by `node scripts/build-basemap.mjs`
 * from Natural Earth Admin 1 (or geoBoundaries' simplified TopoJSON when present; see geodata/README.md), and shared
 * with the server's aggregates per wilaya. Never a made-up boundary.
 */
const loadBoundaries = () =>
  import('@filaha/shared/geodata/wilaya-boundaries.json').then((m) => m.default as unknown as Boundaries);

let pending: Promise<BasemapData> | null = null;

/** Loads the fallback base map once, on demand: its files travel in their own lazy chunks, with the map only. */
export function loadBasemap(): Promise<BasemapData> {
  pending ??= (async () => {
    const [outline, boundaries] = await Promise.all([
      import('./geodata/algeria-outline.json').then((m) => m.default as unknown as Feature<Polygon | MultiPolygon>),
      loadBoundaries(),
    ]);
    const seats = WILAYA_SEATS.map(([code, lat, lng]) => {
      const wilaya = WILAYAS[code - 1];
      if (!wilaya || wilaya.id !== code) throw new Error(`No wilaya ${code}`);
      return { code, lat, lng, fr: wilaya.fr, ar: wilaya.ar };
    });
    return { outline, boundaries, seats };
  })().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
