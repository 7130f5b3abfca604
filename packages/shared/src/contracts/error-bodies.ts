import { z } from 'zod';

/**
 * The extra fields of the error answers that carry more than `{ code, message, issues? }`. A route's contract lists
 * the codes it may answer, and under `errorBodies` the schema of the few whose answer says more (images.ts,
 * stock.ts). The API builds them typed from these schemas (`apps/api/src/modules/images/images.errors.ts`,
 * `modules/stock/stock.service.ts`); the web's client types a failure by the route's `errorBodies` (`RouteError`,
 * a union discriminated by `code`) and checks the body against them in development and tests.
 */

/** 429 QUOTA_EXHAUSTED of an image request: SPEC §3 "Limit modal payload", besides `code`. */
export const QuotaExhaustedDetails = z.object({
  /** The same text as `message` (the earlier product's field). */
  error: z.string(),
  title: z.string(),
  message: z.string(),
  message_ar: z.string(),
  message_fr: z.string(),
  indicator_info: z.object({ indicators_used: z.number().int(), indicators_limit: z.number().int() }),
});
export type QuotaExhaustedDetails = z.infer<typeof QuotaExhaustedDetails>;
export type QuotaExhaustedBody = { code: 'QUOTA_EXHAUSTED' } & QuotaExhaustedDetails;

/** 404 NO_SCENE: no acquisition in the window; the nearest days that have one. */
export const NoSceneDetails = z.object({
  message: z.string(),
  nearestDates: z.array(z.string()),
  nearestBefore: z.string().nullable(),
  nearestAfter: z.string().nullable(),
});
export type NoSceneDetails = z.infer<typeof NoSceneDetails>;

/** 422 ALL_CLOUDY: acquisitions exist but clouds hide the parcel on all of them; the nearest clear days around. */
export const CloudedDetails = NoSceneDetails.extend({
  /** Share of the parcel's pixels that were clear on the best acquisition (0–1). */
  validFraction: z.number(),
  sceneId: z.string().nullable(),
});
export type CloudedDetails = z.infer<typeof CloudedDetails>;

/** The one issue of a 409 STOCK_NEGATIVE: the first day the stock would go below zero, and by how much. */
export const NegativeStockIssue = z.object({
  path: z.string(),
  code: z.literal('negative_stock'),
  message: z.string(),
  date: z.string(),
  shortfall: z.number(),
});
export type NegativeStockIssue = z.infer<typeof NegativeStockIssue>;

/** 409 STOCK_NEGATIVE: its one issue. */
export const NegativeStockDetails = z.object({ issues: z.tuple([NegativeStockIssue]) });
export type NegativeStockDetails = z.infer<typeof NegativeStockDetails>;
