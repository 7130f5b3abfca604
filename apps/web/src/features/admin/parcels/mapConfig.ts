import type { BaseTiles } from '../../basemap/MapBase.tsx';
import { TILE_URLS } from '../../basemap/tiles.ts';

/** SPEC §9: the admin parcel map opens on [36.5, 3.3] at zoom 10 and focuses a parcel at zoom 15. */
export const ADMIN_MAP = {
  center: [36.5, 3.3] as [number, number],
  zoom: 10,
  focusZoom: 15,
  /** The most zoomed-in the opening view (the area with the most parcels) may be. */
  homeMaxZoom: 14,
} as const;

/** The configured tile layers, for MapBase (which draws the bundled fallback under them). */
export const ADMIN_BASE_TILES: BaseTiles[] = [TILE_URLS.satellite, TILE_URLS.labels].flatMap((url) =>
  url ? [{ url, maxZoom: 19 }] : [],
);
