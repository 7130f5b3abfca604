import { z } from 'zod';
import { route } from './contract.ts';
import { ImageBounds, ImageResultUrls, ImageStats } from './images.ts';

const optionalId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number('validation.invalid').int('validation.invalid').positive('validation.invalid').optional(),
);
const requiredId = z.coerce.number('validation.required').int('validation.invalid').positive('validation.invalid');

/** `?userId&parcelleId&indiceId` — userId defaults to the caller and must BE the caller unless an Admin asks. */
export const HistoryQuery = z.object({ userId: optionalId, parcelleId: requiredId, indiceId: requiredId });
export type HistoryQuery = z.infer<typeof HistoryQuery>;

export const HistoryItem = ImageResultUrls.extend({
  id: z.number().int(),
  index: z.string(),
  dateDebut: z.string(),
  dateFin: z.string(),
  sceneId: z.string(),
  sceneDatetime: z.string(),
  cloudFraction: z.number().nullable(),
  stats: ImageStats,
  /** The deployment's minimum valid fraction (MIN_VALID_FRACTION), shown next to `stats.validFraction`. */
  minValidFraction: z.number(),
  bounds: ImageBounds,
  createdAt: z.string(),
});
export type HistoryItem = z.infer<typeof HistoryItem>;

const historyRoute = { tags: ['images'], auth: true } as const;

/** The images a farmer was delivered for a parcel and an index (any signed-in caller; others' only for an Admin). */
export const historyContract = {
  list: route({
    ...historyRoute,
    method: 'GET',
    path: '/request/images',
    query: HistoryQuery,
    responses: { 200: z.array(HistoryItem) },
    errors: ['FORBIDDEN'],
  }),
  latest: route({
    ...historyRoute,
    method: 'GET',
    path: '/request/image',
    query: HistoryQuery,
    responses: { 200: HistoryItem },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
};
