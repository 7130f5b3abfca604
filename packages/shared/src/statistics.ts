import { z } from 'zod';

/**
 * The statistics of an index over a parcel, declared once: the imagery engine computes them (its `IndexStats`
 * type is this one), the database stores them (`index_results.stats`, `change_results.stats` and each date's,
 * `series_points.stats`: `$type` of these types) and the route contracts answer them (`contracts/images.ts`,
 * `contracts/history.ts`: these schemas, picked or extended there).
 */

/** The values' statistics; each is null when no pixel is valid (`count` 0). Percentiles interpolate linearly. */
const VALUES = {
  min: z.number(),
  max: z.number(),
  mean: z.number(),
  std: z.number(),
  median: z.number(),
  p25: z.number(),
  p75: z.number(),
};

type NullableShape<S extends Record<string, z.ZodNumber>> = { [K in keyof S]: z.ZodNullable<S[K]> };
const nullable = <S extends Record<string, z.ZodNumber>>(shape: S) =>
  Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.nullable()])) as NullableShape<S>;

/** Statistics of the valid source pixels inside the parcel (never of the resampled output image). */
export const IndexStats = z.object({
  ...nullable(VALUES),
  /** Valid pixels inside the parcel. */
  count: z.number().int(),
  /** count / pixels inside the parcel. */
  validFraction: z.number(),
  /** Source pixel size in metres (10 for Sentinel-2). */
  resolution: z.number(),
});
export type IndexStats = z.infer<typeof IndexStats>;

/**
 * The statistics of a delivered result (an index image, a change map's difference): it has valid pixels, so every
 * value is defined.
 */
export const ResultStats = IndexStats.extend(VALUES);
export type ResultStats = z.infer<typeof ResultStats>;
