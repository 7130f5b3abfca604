import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { WILAYAS } from '@filaha/shared';

/** One wilaya seat, named in both languages. */
export interface WilayaSeat {
  code: number;
  lat: number;
  lng: number;
  fr: string;
  ar: string;
}

export interface BasemapData {
  /** Algeria's outline (Natural Earth 1:10m, public domain). */
  outline: Feature<Polygon | MultiPolygon>;
  /** The 48 wilayas of geoBoundaries DZA ADM1 (OpenStreetMap, ODbL), when the file is bundled; else null. */
  boundaries: FeatureCollection<Polygon | MultiPolygon> | null;
  seats: WilayaSeat[];
}

/**
 * Slot for the wilaya boundaries: `geodata/wilaya-boundaries.json`, written by `node scripts/build-basemap.mjs`
 * from geoBoundaries' simplified TopoJSON (see geodata/README.md). Absent, the glob is empty and the layer
 * draws the outline and the seats only — never a made-up boundary.
 */
const boundaryFiles = import.meta.glob<FeatureCollection<Polygon | MultiPolygon>>('./geodata/wilaya-boundaries.json', {
  import: 'default',
});

let pending: Promise<BasemapData> | null = null;

/** Loads the fallback base map once, on demand: its files travel in their own lazy chunks, with the map only. */
export function loadBasemap(): Promise<BasemapData> {
  pending ??= (async () => {
    const [outline, seatsModule, boundaries] = await Promise.all([
      import('./geodata/algeria-outline.json').then((m) => m.default as unknown as Feature<Polygon | MultiPolygon>),
      import('./geodata/wilaya-seats.ts'),
      boundaryFiles['./geodata/wilaya-boundaries.json']?.() ?? Promise.resolve(null),
    ]);
    const seats = seatsModule.WILAYA_SEATS.map(([code, lat, lng]) => {
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
