const ESRI_IMAGERY = 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}';
const ESRI_LABELS =
  'https://services.arcgisonline.com/ArcGIS/rest/services/Reference/World_Boundaries_and_Places/MapServer/tile/{z}/{y}/{x}';

/**
 * Satellite base layer plus labels (SPEC §7). The defaults are the hosts the API's CSP allows; a deployment
 * sets VITE_SAT_TILES / VITE_LABEL_TILES at build time ('none' turns a layer off, e.g. on an offline site).
 */
function tileUrl(value: string | undefined, fallback: string): string | null {
  const v = value?.trim();
  if (!v) return fallback;
  return v === 'none' ? null : v;
}

/** The tile URL templates of the farm and back-office maps; null for a layer the deployment turned off. */
export const TILE_URLS = {
  satellite: tileUrl(import.meta.env.VITE_SAT_TILES as string | undefined, ESRI_IMAGERY),
  labels: tileUrl(import.meta.env.VITE_LABEL_TILES as string | undefined, ESRI_LABELS),
};
