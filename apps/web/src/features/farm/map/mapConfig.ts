import type { BaseTiles } from '../../basemap/MapBase.tsx';
import { TILE_URLS } from '../../basemap/tiles.ts';
import type { Bounds, Parcel } from '../farmApi.ts';

/** SPEC §9 map constants. */
export const MAP_DEFAULTS = {
  center: [36.75, 3.025] as [number, number],
  zoom: 13,
  resultZoom: 15,
  zoomStep: 0.25,
  opacity: 0.85,
  selectedColor: '#dc2626',
  selectedWeight: 3,
} as const;

/** The configured tile layers, for MapBase (which draws the bundled fallback under them). */
export const BASE_TILES: BaseTiles[] = [
  ...(TILE_URLS.satellite ? [{ url: TILE_URLS.satellite, attribution: 'Esri, Maxar, Earthstar Geographics' }] : []),
  ...(TILE_URLS.labels ? [{ url: TILE_URLS.labels }] : []),
];

/** Leaflet positions: [lat, lng] from the GeoJSON ring's [lng, lat]. */
export function ringLatLngs(parcel: Parcel): Array<[number, number]> {
  return (parcel.geom.coordinates[0] ?? []).map(([lng, lat]) => [lat, lng]);
}

export function parcelBounds(parcel: Parcel): Bounds {
  return [
    [parcel.bES, parcel.bWS],
    [parcel.bEN, parcel.bWN],
  ];
}

/** The box around several parcels, or null for none. */
export function unionBounds(parcels: readonly Parcel[]): Bounds | null {
  if (parcels.length === 0) return null;
  return [
    [Math.min(...parcels.map((p) => p.bES)), Math.min(...parcels.map((p) => p.bWS))],
    [Math.max(...parcels.map((p) => p.bEN)), Math.max(...parcels.map((p) => p.bWN))],
  ];
}

export function boundsCenter(bounds: Bounds): [number, number] {
  const [[south, west], [north, east]] = bounds;
  return [(south + north) / 2, (west + east) / 2];
}

/** Where the map should look; a new `key` re-applies it (same place asked twice still moves the map). */
export type MapView =
  | { key: string; kind: 'fit'; bounds: Bounds; maxZoom?: number }
  | { key: string; kind: 'center'; center: [number, number]; zoom: number };

/** The map's height when the page sets none (the map and its loading placeholder). */
export const FARM_MAP_HEIGHT = 'h-[420px] md:h-[700px]';
