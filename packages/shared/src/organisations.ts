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
