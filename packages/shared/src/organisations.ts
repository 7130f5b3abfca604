/**
 * The fixed lists of issue 30 (organisations, a parcel's crop per season), without zod: the contracts build their
 * schemas from them and the web app's forms list them (contracts/organisations.ts, contracts/crops.ts).
 */
export const ORGANISATION_TYPES = [
  'cooperative',
  'agricultural_directorate',
  'chamber',
  'insurer',
  'bank',
  'extension_service',
  'other',
] as const;
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];

export const ORGANISATION_ROLES = ['admin', 'agronomist', 'viewer'] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];

/** The crops a farmer picks from, in the order they look for them. */
export const CROPS = [
  'durum_wheat',
  'soft_wheat',
  'barley',
  'oats',
  'maize',
  'potato',
  'tomato',
  'onion',
  'citrus',
  'olive',
  'date_palm',
  'vine',
  'fodder',
  'fallow',
  'other',
] as const;
export type Crop = (typeof CROPS)[number];

export const IRRIGATION_SYSTEMS = ['drip', 'sprinkler', 'centre_pivot', 'furrow', 'flood', 'other'] as const;
export type IrrigationSystem = (typeof IRRIGATION_SYSTEMS)[number];

/**
 * The agricultural season a day (YYYY-MM-DD) belongs to, named by the year it starts: from 1 September on, that
 * year; before, the year before (2026-01-15 → 2025, the season 2025–2026).
 */
export function seasonOf(day: string): number {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month >= 9 ? year : year - 1;
}

/** The file formats of an organisation's parcel import (issue 30 §2). */
export const IMPORT_FORMATS = ['geojson', 'kml', 'kmz', 'shapefile', 'geopackage', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Why a feature of an import was refused, in the order they are checked (the report's `reason`). */
export const IMPORT_REFUSALS = [
  'no_geometry',
  'invalid_geometry',
  'not_polygon',
  'multiple_parts',
  'self_intersection',
  'outside_coverage',
  'area_too_small',
  'area_too_large',
  'unknown_crop',
  'invalid_sowing_date',
  'invalid_irrigated',
  'invalid_contact',
  'duplicate',
  'overlaps_feature',
  'duplicate_existing',
  'overlaps_existing',
] as const;
export type ImportRefusal = (typeof IMPORT_REFUSALS)[number];

/** What an import's attributes fill, and the columns looked for when the organisation names none. */
export const IMPORT_FIELDS = ['name', 'crop', 'sowingDate', 'irrigated', 'farmerContact'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/**
 * A parcel's condition (issue 30 §3): its latest NDVI median against the same period of its own previous seasons
 * (z-score), else against the same crop among the organisation's parcels at the same time.
 */
export const CONDITION_CLASSES = ['well_below', 'below', 'normal', 'above'] as const;
export type ConditionClass = (typeof CONDITION_CLASSES)[number];

/** The rule, stated in the legend: z ≤ −1.5 well below, ≤ −0.5 below, < 0.5 normal, else above. */
export const CONDITION_RULE = {
  index: 'NDVI',
  /** Days either side of the latest point's day of the season that count as "the same period". */
  windowDays: 15,
  /** Points of the parcel's previous seasons needed to judge it against itself. */
  minHistory: 3,
  /** Peers (same crop, same organisation) needed otherwise. */
  minPeers: 5,
  /** A floor on the standard deviation, so a flat history does not turn a small change into a large z. */
  minStd: 0.02,
  wellBelow: -1.5,
  below: -0.5,
  above: 0.5,
} as const;

export function conditionOf(z: number | null): ConditionClass | null {
  if (z === null || !Number.isFinite(z)) return null;
  if (z <= CONDITION_RULE.wellBelow) return 'well_below';
  if (z <= CONDITION_RULE.below) return 'below';
  if (z < CONDITION_RULE.above) return 'normal';
  return 'above';
}

/** What an organisation's API key may do (issue 30 §4). */
export const API_KEY_SCOPES = ['parcels:read', 'parcels:write', 'points:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
