import { z } from 'zod';
import { ID_MAX, LIMITS } from '../limits.ts';
import { indexCodeFromName } from '../index-names.ts';
import { INDEX_REGISTRY } from '../indices.ts';
import { IndexStats, ResultStats } from '../statistics.ts';
import { route } from './contract.ts';
import { withExample } from './common.ts';
import { CloudedDetails, NoSceneDetails, QuotaExhaustedDetails } from './error-bodies.ts';

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

/** A delivered image's (or change map's) statistics: every value defined (statistics.ts). */
export const ImageStats = ResultStats;

/** [[minLat, minLon], [maxLat, maxLon]] — Leaflet's LatLngBounds. */
export const ImageBounds = z.tuple([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number()])]);

/** Signed, short-lived URLs of a stored result: PNG overlay, values grid (map tooltip), Float32 GeoTIFF. */
export const ImageResultUrls = z.object({
  imageUrl: z.string(),
  valuesUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
});

/** The acquisition a map was rendered from. */
const SceneRef = z.object({ id: z.string(), datetime: z.string(), cloudFraction: z.number().nullable() });

/**
 * The fields every rendered map over a parcel answers (an index image, a change map), after its id: whether it
 * was delivered before (then nothing was charged now), the index, the PNG's size (at most the requested width ×
 * height, never upscaled), its bounds and the statistics of the values it shows.
 */
const renderedMap = {
  cached: z.boolean(),
  index: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bounds: ImageBounds,
  stats: ImageStats,
};

export const GenerateImageAnswer = ImageResultUrls.extend({
  success: z.literal(true),
  resultId: z.number().int(),
  ...renderedMap,
  /**
   * The deployment's minimum valid fraction (MIN_VALID_FRACTION): shown next to `stats.validFraction`, the share of
   * the parcel visible in the scene ("visible à 87 % (min. 60 %)").
   */
  minValidFraction: z.number(),
  scene: SceneRef,
  dateDebut: z.string(),
  dateFin: z.string(),
});
export type GenerateImageAnswer = z.infer<typeof GenerateImageAnswer>;

/** One date of a change request: a window resolved to its clearest acquisition exactly like an image request's. */
const ChangeWindow = z.object({ startDate: dateText, endDate: dateText }).superRefine((v, ctx) => {
  if (!isCalendarDate(v.startDate) || !isCalendarDate(v.endDate)) return;
  const days = daysBetween(v.startDate, v.endDate);
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.dateOrder' });
  else if (days > LIMITS.maxPeriodDays)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.periodMax' });
});

/** A drop threshold in index units: 0.01 … 1.00 in steps of 0.01 (the stored counts answer every one of them). */
export const CHANGE_THRESHOLD_STEPS = 100;
const threshold = z.coerce
  .number('validation.changeThreshold')
  .min(0.01, 'validation.changeThreshold')
  .max(1, 'validation.changeThreshold')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, 'validation.changeThreshold')
  .default(0.1);

/**
 * POST /api/images/{indexName}/change — the image request's naming (`parcelle_id`, `indice_id`, `width`,
 * `height`, windows of `startDate`/`endDate`), two windows instead of one. The earlier window ends before the
 * later one starts, so the two acquisitions are distinct and ordered.
 */
export const ChangeBody = z
  .object({
    parcelle_id: requiredId,
    indice_id: optionalId,
    user_id: optionalId,
    earlier: ChangeWindow,
    later: ChangeWindow,
    threshold,
    width: sizeText,
    height: sizeText,
  })
  .superRefine((v, ctx) => {
    if (!isCalendarDate(v.earlier.endDate) || !isCalendarDate(v.later.startDate)) return;
    if (daysBetween(v.earlier.endDate, v.later.startDate) <= 0)
      ctx.addIssue({ code: 'custom', path: ['later', 'startDate'], message: 'validation.changeOrder' });
  });
export type ChangeBody = z.infer<typeof ChangeBody>;

const ChangeDate = z.object({
  scene: SceneRef,
  /** The index map of that date alone (index legend), on the change map's bounds: the before/after swipe. */
  imageUrl: z.string(),
  /** The index statistics of that date alone, as the engine computed them (statistics.ts). */
  stats: IndexStats,
  startDate: z.string(),
  endDate: z.string(),
});

export const ChangeAnswer = ImageResultUrls.extend({
  success: z.literal(true),
  changeId: z.number().int(),
  /**
   * cached: this pair was delivered (and charged) before. stats: of later − earlier on the pixels valid on both
   * dates (validFraction: of the parcel).
   */
  ...renderedMap,
  threshold: z.number(),
  /** Share of the commonly valid pixels whose index fell by more than `threshold`. */
  fellFraction: z.number(),
  fellCount: z.number().int(),
  /** 'native': both acquisitions on one tile's 10 m grid; 'resampled': the later put on the earlier's grid. */
  alignment: z.enum(['native', 'resampled']),
  /** Diverging classes of the difference, centred on 0. */
  legend: z.array(
    z.object({
      start: z.number(),
      end: z.number(),
      color: z.string(),
      label: z.object({ fr: z.string(), ar: z.string() }).optional(),
    }),
  ),
  minValidFraction: z.number(),
  earlier: ChangeDate,
  later: ChangeDate,
});
export type ChangeAnswer = z.infer<typeof ChangeAnswer>;

/** Whether the imagery engine computes the index a code or name denotes (@filaha/imagery findIndex's test). */
export function isEngineIndexName(name: string): boolean {
  const key = indexCodeFromName(name);
  return Object.hasOwn(INDEX_REGISTRY, key === 'MSAVI2' ? 'MSAVI' : key);
}

export const LatestImageQuery = z.object({
  parcelId: z.coerce.number('validation.required').int('validation.invalid').positive('validation.invalid'),
  index: z
    .string()
    .trim()
    .max(40)
    .optional()
    .refine((code) => !code || isEngineIndexName(code), 'validation.invalid'),
});
export type LatestImageQuery = z.infer<typeof LatestImageQuery>;

const LatestWindow = z.object({ start: z.string(), end: z.string() });
export const LatestAcquisitionAnswer = z.object({
  parcelId: z.number(),
  /** YYYY-MM-DD, or null when the catalog has nothing over the parcel in the last 3 years. */
  date: z.string().nullable(),
  window: LatestWindow.nullable(),
});
export type LatestAcquisitionAnswer = z.infer<typeof LatestAcquisitionAnswer>;
export const LatestClearAnswer = z.object({
  parcelId: z.number(),
  /** The most recent clear acquisition day in the 60 days up to the latest one, or null. */
  date: z.string().nullable(),
  validFraction: z.number().nullable(),
  sceneId: z.string().nullable(),
  /** The days searched. */
  searched: LatestWindow.nullable(),
  minValidFraction: z.number(),
});
export type LatestClearAnswer = z.infer<typeof LatestClearAnswer>;

/** The longest window of one season-curve request, in days (a year and a day). */
export const SERIES_MAX_DAYS = 366;

const seriesDay = z
  .string('validation.required')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'validation.date',
  );

export const SeriesQuery = z
  .object({
    index: z
      .string('validation.required')
      .trim()
      .min(1, 'validation.required')
      .max(40, 'validation.invalid')
      .refine((code) => isEngineIndexName(code), 'validation.invalid'),
    from: seriesDay,
    to: seriesDay,
  })
  .refine((q) => q.from <= q.to, { message: 'validation.dateOrder', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS <= SERIES_MAX_DAYS, {
    message: 'validation.invalid',
    path: ['to'],
  });
export type SeriesQuery = z.infer<typeof SeriesQuery>;

export const SeriesParams = z.object({
  id: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .positive('validation.invalid')
    .max(ID_MAX, 'validation.invalid'),
});

/** A season point's statistics: the engine's of that acquisition (statistics.ts), without count and resolution. */
const SeriesStats = IndexStats.pick({
  mean: true,
  median: true,
  p25: true,
  p75: true,
  min: true,
  max: true,
  std: true,
  validFraction: true,
});

export const SeriesAnswer = z.object({
  parcelId: z.number(),
  index: z.string(),
  from: z.string(),
  to: z.string(),
  minValidFraction: z.number(),
  points: z.array(SeriesStats.extend({ date: z.string(), sceneId: z.string() })),
  skipped: z.array(
    z.object({
      date: z.string(),
      sceneId: z.string(),
      reason: z.enum(['CLOUDY', 'OUTSIDE_COVERAGE', 'MISSING_BAND']),
      validFraction: z.number().nullable(),
    }),
  ),
});
export type SeriesAnswer = z.infer<typeof SeriesAnswer>;

const imageRoute = { tags: ['images'], auth: true } as const;
/** What rendering an index over a parcel may answer besides the image (SPEC §3 limit modal, the nearest dates). */
const renderErrors = [
  'FORBIDDEN',
  'NOT_FOUND',
  'SUBSCRIPTION_REQUIRED',
  'SUBSCRIPTION_INACTIVE',
  'INDEX_NOT_IN_PLAN',
  'QUOTA_EXHAUSTED',
  'NO_SCENE',
  'OUTSIDE_COVERAGE',
  'ALL_CLOUDY',
  'CATALOG_UNAVAILABLE',
  'INVALID_GEOMETRY',
] as const;
/** The answers among those that say more than a code (error-bodies.ts). */
const renderErrorBodies = {
  QUOTA_EXHAUSTED: QuotaExhaustedDetails,
  NO_SCENE: NoSceneDetails,
  ALL_CLOUDY: CloudedDetails,
} as const;

/**
 * Farm imagery (farmers only, role User, except the season curve staff read too): an index map of a parcel
 * (charged once per acquisition), the change between two dates, the latest acquisition and clear image (free),
 * the season curve (included in the plan, fair use per day).
 */
/** A GeoJSON position: longitude, latitude (extra ordinates are ignored). */
const CoveragePosition = z.array(z.number()).min(2).readonly();
const CoverageRing = z.array(CoveragePosition).readonly();

/** GET /images/coverage: the catalog's footprint as a GeoJSON FeatureCollection (one feature per footprint). */
export const ImageryCoverage = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      /** `items`: a static catalog's item footprint; `collection`: a STAC collection's spatial extent. */
      properties: z.object({ source: z.enum(['items', 'collection']), name: z.string() }),
      geometry: z.discriminatedUnion('type', [
        z.object({ type: z.literal('Polygon'), coordinates: z.array(CoverageRing).readonly() }),
        z.object({
          type: z.literal('MultiPolygon'),
          coordinates: z.array(z.array(CoverageRing).readonly()).readonly(),
        }),
      ]),
    }),
  ),
});
export type ImageryCoverage = z.infer<typeof ImageryCoverage>;

export const imagesContract = {
  /** Staff draw parcels (SPEC §5): they see where the catalog has imagery before saving one. */
  coverage: route({
    tags: ['images'],
    auth: true,
    method: 'GET',
    path: '/images/coverage',
    responses: { 200: ImageryCoverage },
    errors: ['FORBIDDEN', 'CATALOG_UNAVAILABLE'],
  }),
  generate: route({
    ...imageRoute,
    method: 'POST',
    path: '/images/:indexName',
    params: IndexNameParams,
    body: withExample(GenerateImageBody, {
      parcelle_id: 1,
      indice_id: 1,
      startDate: '2025-03-01',
      endDate: '2025-03-06',
    }),
    responses: { 200: GenerateImageAnswer },
    errors: renderErrors,
    errorBodies: renderErrorBodies,
  }),
  change: route({
    ...imageRoute,
    method: 'POST',
    path: '/images/:indexName/change',
    params: IndexNameParams,
    body: withExample(ChangeBody, {
      parcelle_id: 1,
      indice_id: 1,
      earlier: { startDate: '2025-03-01', endDate: '2025-03-06' },
      later: { startDate: '2025-04-01', endDate: '2025-04-06' },
      threshold: 0.1,
    }),
    responses: { 200: ChangeAnswer },
    errors: renderErrors,
    errorBodies: renderErrorBodies,
  }),
  latestAcquisition: route({
    ...imageRoute,
    method: 'GET',
    path: '/images/latest-acquisition',
    description: 'The latest acquisition day over an own parcel and the 6-day window the farm map opens on. Free.',
    query: LatestImageQuery,
    responses: { 200: LatestAcquisitionAnswer },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'CATALOG_UNAVAILABLE'],
  }),
  latestClear: route({
    ...imageRoute,
    method: 'GET',
    path: '/images/latest-clear',
    description:
      'The most recent acquisition with enough valid pixels over an own parcel, up to 60 days before the ' +
      'latest one. Free: reads the 20 m SCL band only.',
    query: LatestImageQuery,
    responses: { 200: LatestClearAnswer },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'CATALOG_UNAVAILABLE'],
  }),
  series: route({
    ...imageRoute,
    method: 'GET',
    path: '/parcelle/:id/series',
    description:
      'Season curve of a parcel for one index: one point per acquisition with enough valid pixels (stored once), ' +
      'skipped acquisitions with their reason. Included in an active subscription holding the index; ' +
      `at most ${SERIES_MAX_DAYS} days per request.`,
    params: SeriesParams,
    query: SeriesQuery,
    responses: { 200: SeriesAnswer },
    errors: [
      'FORBIDDEN',
      'NOT_FOUND',
      'INDEX_NOT_IN_PLAN',
      'SUBSCRIPTION_INACTIVE',
      'CATALOG_UNAVAILABLE',
      'INVALID_GEOMETRY',
    ],
  }),
};
