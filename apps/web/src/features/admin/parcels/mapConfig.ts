import type { BaseTiles } from '../../basemap/MapBase.tsx';

/** SPEC §9: the admin parcel map opens on [36.5, 3.3] at zoom 10 and focuses a parcel at zoom 15. */
export const ADMIN_MAP = {
  center: [36.5, 3.3] as [number, number],
  zoom: 10,
  focusZoom: 15,
  /** The most zoomed-in the opening view (the area with the most parcels) may be. */
  homeMaxZoom: 14,
} as const;

const ESRI_IMAGERY = 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}';
const ESRI_LABELS =
  'https://services.arcgisonline.com/ArcGIS/rest/services/Reference/World_Boundaries_and_Places/MapServer/tile/{z}/{y}/{x}';

/** VITE_SAT_TILES / VITE_LABEL_TILES set at build time; 'none' turns a layer off (an offline site). */
function tileUrl(value: string | undefined, fallback: string): string | null {
  const v = value?.trim();
  if (!v) return fallback;
  return v === 'none' ? null : v;
}

export const ADMIN_TILES = {
  satellite: tileUrl(import.meta.env.VITE_SAT_TILES as string | undefined, ESRI_IMAGERY),
  labels: tileUrl(import.meta.env.VITE_LABEL_TILES as string | undefined, ESRI_LABELS),
};

/** The configured tile layers, for MapBase (which draws the bundled fallback under them). */
export const ADMIN_BASE_TILES: BaseTiles[] = [
  ...(ADMIN_TILES.satellite ? [{ url: ADMIN_TILES.satellite, maxZoom: 19 }] : []),
  ...(ADMIN_TILES.labels ? [{ url: ADMIN_TILES.labels, maxZoom: 19 }] : []),
];
