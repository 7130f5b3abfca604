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
