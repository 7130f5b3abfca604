import { LIMITS } from '@filaha/shared';
import { z } from 'zod';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A real calendar day written YYYY-MM-DD (2025-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  if (!DAY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** Days from start to end (2025-08-14 → 2025-08-19 is 5). */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);
}

const dateText = z.string('validation.date').refine(isCalendarDate, 'validation.date');

/** Ids the earlier client sends as numbers or numeric strings; empty means absent. */
const optionalId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number('validation.invalid').int('validation.invalid').positive('validation.invalid').optional(),
);
const requiredId = z.coerce.number('validation.required').int('validation.invalid').positive('validation.invalid');
const sizeText = z.coerce
  .number('validation.invalid')
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(LIMITS.imageSize, 'validation.imageSize')
  .default(LIMITS.imageSize);

/**
 * POST /api/images/{indexName} — the SPEC's body. `user_id` and `bbox` are accepted for the earlier client but
 * not trusted: the caller comes from the token and the footprint from the parcel row.
 */
export const GenerateImageBody = z
  .object({
    bbox: z.array(z.number()).length(4).nullish(),
    startDate: dateText,
    endDate: dateText,
    width: sizeText,
    height: sizeText,
    user_id: optionalId,
    indice_id: optionalId,
    parcelle_id: requiredId,
  })
  .superRefine((v, ctx) => {
    // Field problems are reported by the fields themselves; the period is checked only on two real days.
    if (!isCalendarDate(v.startDate) || !isCalendarDate(v.endDate)) return;
    const days = daysBetween(v.startDate, v.endDate);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.dateOrder' });
    else if (days > LIMITS.maxPeriodDays)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.periodMax' });
  });
export type GenerateImageBody = z.infer<typeof GenerateImageBody>;

export const IndexNameParams = z.object({ indexName: z.string().trim().min(1).max(40) });

export const Stats = z.object({
  min: z.number(),
  max: z.number(),
  mean: z.number(),
  std: z.number(),
  median: z.number(),
  p25: z.number(),
  p75: z.number(),
  count: z.number().int(),
  validFraction: z.number(),
  resolution: z.number(),
});

/** [[minLat, minLon], [maxLat, maxLon]] — Leaflet's LatLngBounds. */
export const Bounds = z.tuple([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number()])]);

/** Signed, short-lived URLs of a stored result: PNG overlay, values grid (map tooltip), Float32 GeoTIFF. */
export const ResultUrls = z.object({
  imageUrl: z.string(),
  valuesUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
});

export const GenerateImageAnswer = ResultUrls.extend({
  success: z.literal(true),
  resultId: z.number().int(),
  cached: z.boolean(),
  index: z.string(),
  /** Size of the PNG (at most the requested width × height, never upscaled). */
  width: z.number().int(),
  height: z.number().int(),
  bounds: Bounds,
  stats: Stats,
  /**
   * The deployment's minimum valid fraction (MIN_VALID_FRACTION): shown next to `stats.validFraction`, the share of
   * the parcel visible in the scene ("visible à 87 % (min. 60 %)").
   */
  minValidFraction: z.number(),
  scene: z.object({ id: z.string(), datetime: z.string(), cloudFraction: z.number().nullable() }),
  dateDebut: z.string(),
  dateFin: z.string(),
});
export type GenerateImageAnswer = z.infer<typeof GenerateImageAnswer>;
