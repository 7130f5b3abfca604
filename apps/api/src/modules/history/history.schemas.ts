import { z } from 'zod';
import { Bounds, ResultUrls, Stats } from '../images/images.schemas.ts';

const optionalId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number('validation.invalid').int('validation.invalid').positive('validation.invalid').optional(),
);
const requiredId = z.coerce.number('validation.required').int('validation.invalid').positive('validation.invalid');

/** `?userId&parcelleId&indiceId` — userId defaults to the caller and must BE the caller unless an Admin asks. */
export const HistoryQuery = z.object({ userId: optionalId, parcelleId: requiredId, indiceId: requiredId });
export type HistoryQuery = z.infer<typeof HistoryQuery>;

export const HistoryItem = ResultUrls.extend({
  id: z.number().int(),
  index: z.string(),
  dateDebut: z.string(),
  dateFin: z.string(),
  sceneId: z.string(),
  sceneDatetime: z.string(),
  cloudFraction: z.number().nullable(),
  stats: Stats,
  /** The deployment's minimum valid fraction (MIN_VALID_FRACTION), shown next to `stats.validFraction`. */
  minValidFraction: z.number(),
  bounds: Bounds,
  createdAt: z.string(),
});
export type HistoryItem = z.infer<typeof HistoryItem>;
