import { z } from 'zod';
import { ID_MAX } from '../limits.ts';
import { CROPS, IRRIGATION_SYSTEMS, seasonOf, type Crop, type IrrigationSystem } from '../organisations.ts';
import { route } from './contract.ts';

/**
 * Issue 30 §2: a parcel's crop per agricultural season (1 September to 31 August, named by the year it starts:
 * season 2025 = 2025-09-01 … 2026-08-31), with the sowing or planting date, and whether it is irrigated (the
 * system and its flow rate: what the water advice of step 16 turns millimetres into hours with). One row per
 * parcel × season: the parcel's history of crops.
 */
export { CROPS, IRRIGATION_SYSTEMS, seasonOf, type Crop, type IrrigationSystem };

/** The seasons a farmer may record: from 2000 to next year's. */
export const SEASON_MIN = 2000;
export const SEASON_MAX = 2100;

const invalid = 'validation.invalid';
const id = z.coerce.number(invalid).int(invalid).positive(invalid).max(ID_MAX, invalid);

export const ParcelSeasonParams = z.object({
  id,
  season: z.coerce.number(invalid).int(invalid).min(SEASON_MIN, invalid).max(SEASON_MAX, invalid),
});
export const ParcelSeasonsParams = z.object({ id });

export const ParcelSeasonInput = z.object({
  crop: z.enum(CROPS, 'validation.required'),
  /** YYYY-MM-DD, inside the season; null when not known. */
  sowingDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, invalid)
    .refine(
      (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      invalid,
    )
    .nullable(),
  irrigated: z.boolean(invalid),
  /** Required when irrigated; null when rainfed. */
  irrigationSystem: z.enum(IRRIGATION_SYSTEMS, invalid).nullable(),
  /** The system's flow in m³/h (0.1–1,000); null when not known or rainfed. */
  flowRateM3h: z.number(invalid).min(0.1, invalid).max(1000, invalid).nullable(),
});
export type ParcelSeasonInput = z.infer<typeof ParcelSeasonInput>;

export const ParcelSeason = ParcelSeasonInput.extend({
  parcelId: z.number().int(),
  season: z.number().int(),
  updatedAt: z.string(),
});
export type ParcelSeason = z.infer<typeof ParcelSeason>;

const cropRoute = { tags: ['parcels'], auth: true } as const;

export const cropsContract = {
  seasons: route({
    ...cropRoute,
    method: 'GET',
    path: '/parcelle/:id/seasons',
    description: "The parcel's crops, newest season first (its owner; staff read them).",
    params: ParcelSeasonsParams,
    responses: { 200: z.array(ParcelSeason) },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  saveSeason: route({
    ...cropRoute,
    method: 'PUT',
    path: '/parcelle/:id/seasons/:season',
    description: "Records the parcel's crop of a season (its owner): made or replaced.",
    params: ParcelSeasonParams,
    body: ParcelSeasonInput,
    responses: { 200: ParcelSeason },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
};
