import { LIMITS, type ApiIssue, type ErrorCode } from '@filaha/shared';
import type { QuotaExhaustedDetails, RouteData } from '@filaha/shared/contracts';
import { ApiFailure, type ApiResult } from '../../lib/api.ts';
import { ApiAnswerError, unwrap } from '../../lib/queries.ts';
import { call, request, type RouteFailure } from '../../lib/client.ts';

/** The shapes this feature reads from the API (apps/api/README.md), with the SPEC's field names. */
/** A farmer subscription as the status list answers it (packages/shared/src/contracts/subscriptions.ts). */
export type SubscriptionRow = RouteData<'GET /abonnementUser/user/:userId/status'>[number];

/** An index's advice for a value range (packages/shared/src/contracts/indices.ts). */
export type Recommendation = IndexConfig['recomndation'][number];

/** A parcel as the API answers it (packages/shared/src/contracts/parcels.ts). */
export type Parcel = RouteData<'GET /parcelle/:id'>;

/** GET /api/indice/{userId}/indices: an index of the farmer's plan with its quota and parcels. */
export type IndexConfig = RouteData<'GET /indice/:userId/indices'>[number];

/** GET /api/indice and /api/indice/{id}: the same index without the farmer's quota and parcels. */
export type IndexInfo = RouteData<'GET /indice/:id'>;

/** POST /api/images/{index}: the delivered image (packages/shared/src/contracts/images.ts). */
export type ImageAnswer = RouteData<'POST /images/:indexName'>;

/** An image on the farm map: a delivered one, or a stored one shown as such (without the PNG's size). */
export type GeneratedImage = Omit<ImageAnswer, 'width' | 'height'>;

/** The statistics of an image's valid pixels. */
export type Stats = GeneratedImage['stats'];

/** [[minLat, minLon], [maxLat, maxLon]]. */
export type Bounds = GeneratedImage['bounds'];

/** GET /api/request/image(s): an image delivered before (packages/shared/src/contracts/history.ts). */
export type HistoryItem = RouteData<'GET /request/image'>;

/**
 * SPEC §3 "Limit modal payload" (429 QUOTA_EXHAUSTED; its fields: `QuotaExhaustedDetails` in
 * packages/shared/src/contracts/error-bodies.ts, declared by the image routes' contracts). The modal shows its own
 * text for any field it lacks.
 */
export type QuotaPayload = { code: 'QUOTA_EXHAUSTED' } & Partial<QuotaExhaustedDetails>;

/** What a generate request can end with, besides an image. */
export type GenerateFailure =
  | { kind: 'quota'; payload: QuotaPayload }
  | {
      kind: 'noScene';
      message: string;
      nearestBefore: string | null;
      nearestAfter: string | null;
      /** OUTSIDE_COVERAGE: the catalog has no imagery of this parcel at all, whatever the dates. */
      outsideCoverage?: boolean;
    }
  | {
      kind: 'cloudy';
      message: string;
      validFraction: number | null;
      nearestBefore: string | null;
      nearestAfter: string | null;
    }
  | { kind: 'error'; code: ErrorCode; message: string; issues: readonly ApiIssue[] };

export type GenerateOutcome = { ok: true; image: GeneratedImage } | { ok: false; failure: GenerateFailure };

export interface GenerateRequest {
  indexCode: string;
  indexId: number;
  parcelId: number;
  userId: number;
  startDate: string;
  endDate: string;
}

/**
 * A 4xx answer of an imagery request (an image, a change map): the body its route's contract declares, a union on
 * `code` whose QUOTA_EXHAUSTED, NO_SCENE and ALL_CLOUDY members carry the limit modal's payload and the nearest dates
 * with imagery (`errorBodies` in packages/shared/src/contracts/images.ts). Both routes declare the same.
 */
export type ImageryError = RouteFailure<'POST /images/:indexName'> | RouteFailure<'POST /images/:indexName/change'>;

/** The failure the screens explain for an imagery request's 4xx answer. */
export function toFailure(error: ImageryError): GenerateFailure {
  switch (error.code) {
    case 'QUOTA_EXHAUSTED': {
      const { code, error: text, title, message, message_ar, message_fr, indicator_info } = error;
      return { kind: 'quota', payload: { code, error: text, title, message, message_ar, message_fr, indicator_info } };
    }
    case 'OUTSIDE_COVERAGE':
      return {
        kind: 'noScene',
        outsideCoverage: true,
        message: error.message,
        nearestBefore: null,
        nearestAfter: null,
      };
    case 'NO_SCENE':
      return {
        kind: 'noScene',
        message: error.message,
        nearestBefore: error.nearestBefore || null,
        nearestAfter: error.nearestAfter || null,
      };
    case 'ALL_CLOUDY':
      return {
        kind: 'cloudy',
        message: error.message,
        validFraction: error.validFraction,
        nearestBefore: error.nearestBefore || null,
        nearestAfter: error.nearestAfter || null,
      };
    default:
      return { kind: 'error', code: error.code, message: error.message, issues: error.issues ?? [] };
  }
}

/**
 * An imagery request's answer (lib/client.ts `request`, typed and, in development and tests, checked by the
 * route's contract): its data, or the failure the screens explain — every 4xx, and the 503 CATALOG_UNAVAILABLE. Any
 * other 5xx, a timeout or no network throws its ApiFailure.
 */
export async function imageryOutcome<T>(
  asking: Promise<ApiResult<T, ImageryError>>,
): Promise<{ ok: true; data: T } | { ok: false; failure: GenerateFailure }> {
  let result: ApiResult<T, ImageryError>;
  try {
    result = await asking;
  } catch (error) {
    if (error instanceof ApiFailure && error.code === 'CATALOG_UNAVAILABLE') {
      return { ok: false, failure: { kind: 'error', code: error.code, message: error.message, issues: [] } };
    }
    throw error;
  }
  return result.ok ? { ok: true, data: result.data } : { ok: false, failure: toFailure(result.error) };
}

/**
 * Sent without the signed-out event of a 401 (lib/api.ts): an imagery request that meets an ended session says so
 * in its own error, as it always has.
 */
export const IMAGERY_OPTIONS = { notifyUnauthenticated: false } as const;

/** POST /api/images/{index}. */
export async function generateImage(req: GenerateRequest, signal?: AbortSignal): Promise<GenerateOutcome> {
  const answer = await imageryOutcome(
    request(
      'POST /images/:indexName',
      {
        params: { indexName: req.indexCode },
        body: {
          startDate: req.startDate,
          endDate: req.endDate,
          width: LIMITS.imageSize,
          height: LIMITS.imageSize,
          user_id: req.userId,
          indice_id: req.indexId,
          parcelle_id: req.parcelId,
        },
      },
      { ...IMAGERY_OPTIONS, signal },
    ),
  );
  return answer.ok ? { ok: true, image: answer.data } : answer;
}

/** GET /api/images/latest-acquisition: the latest day over the parcel and the window the map opens on. */
export type LatestAcquisition = RouteData<'GET /images/latest-acquisition'>;

/** GET /api/images/latest-clear: the most recent clear acquisition in the 60 days up to the latest one. */
export type LatestClear = RouteData<'GET /images/latest-clear'>;

/** GET /api/parcelle/{id}/series: the season curve of one index, clear acquisitions oldest first. */
export type SeriesAnswer = RouteData<'GET /parcelle/:id/series'>;

/** One clear acquisition of a season curve. */
export type SeriesPoint = SeriesAnswer['points'][number];

export type SeriesSkipReason = SeriesAnswer['skipped'][number]['reason'];

export async function fetchSeries(
  parcelId: number,
  indexCode: string,
  from: string,
  to: string,
): Promise<SeriesAnswer> {
  // A 429 (fair use per day) keeps its Retry-After in seconds.
  return call('GET /parcelle/:id/series', { params: { id: parcelId }, query: { index: indexCode, from, to } });
}

export function fetchLatestClear(parcelId: number, indexCode: string): Promise<LatestClear> {
  return call('GET /images/latest-clear', { query: { parcelId, index: indexCode } });
}

export const farmKeys = {
  status: (userId: number) => ['farm', 'status', userId] as const,
  config: (userId: number) => ['farm', 'config', userId] as const,
  parcels: ['farm', 'parcels'] as const,
  parcel: (id: number) => ['farm', 'parcel', id] as const,
  indices: ['farm', 'indices'] as const,
  index: (id: number) => ['farm', 'index', id] as const,
  history: (parcelId: number, indexId: number) => ['farm', 'history', parcelId, indexId] as const,
  latest: (parcelId: number, indexId: number) => ['farm', 'latest', parcelId, indexId] as const,
  latestAcquisition: (parcelId: number, indexCode: string) =>
    ['farm', 'latestAcquisition', parcelId, indexCode] as const,
  series: (parcelId: number, indexCode: string, from: string, to: string) =>
    ['farm', 'series', parcelId, indexCode, from, to] as const,
};

export const farmQueries = {
  status: (userId: number) => ({
    queryKey: farmKeys.status(userId),
    queryFn: () => call('GET /abonnementUser/user/:userId/status', { params: { userId } }),
  }),
  config: (userId: number) => ({
    queryKey: farmKeys.config(userId),
    queryFn: () => call('GET /indice/:userId/indices', { params: { userId } }),
  }),
  parcels: { queryKey: farmKeys.parcels, queryFn: () => call('GET /parcelle') },
  parcel: (id: number) => ({
    queryKey: farmKeys.parcel(id),
    queryFn: () => call('GET /parcelle/:id', { params: { id } }),
  }),
  indices: { queryKey: farmKeys.indices, queryFn: () => call('GET /indice') },
  index: (id: number) => ({ queryKey: farmKeys.index(id), queryFn: () => call('GET /indice/:id', { params: { id } }) }),
  history: (parcelId: number, indexId: number) => ({
    queryKey: farmKeys.history(parcelId, indexId),
    queryFn: () => call('GET /request/images', { query: { parcelleId: parcelId, indiceId: indexId } }),
  }),
  /** The latest acquisition day over the parcel (catalog search only, free). */
  latestAcquisition: (parcelId: number, indexCode: string) => ({
    queryKey: farmKeys.latestAcquisition(parcelId, indexCode),
    queryFn: () => call('GET /images/latest-acquisition', { query: { parcelId, index: indexCode } }),
    staleTime: 10 * 60_000,
    // Once more after a timeout or a 5xx (a slow catalog search on a busy server), never after an answer: without
    // it, the farm map would open on a window the imagery does not cover.
    retry: (count: number, error: unknown) => !(error instanceof ApiAnswerError) && count < 1,
  }),
  /** The season curve of one index over a window of at most 366 days (included in the plan, never charged). */
  series: (parcelId: number, indexCode: string, from: string, to: string) => ({
    queryKey: farmKeys.series(parcelId, indexCode, from, to),
    queryFn: () => fetchSeries(parcelId, indexCode, from, to),
    staleTime: 10 * 60_000,
    // A refusal (plan, fair use) is an answer, not a hiccup: asking again would only spend the daily bound.
    retry: (count: number, error: unknown) => !(error instanceof ApiAnswerError) && count < 1,
  }),
  /** The latest image, or null when none was produced yet (404). */
  latest: (parcelId: number, indexId: number) => ({
    queryKey: farmKeys.latest(parcelId, indexId),
    queryFn: async (): Promise<HistoryItem | null> => {
      const result = await request('GET /request/image', { query: { parcelleId: parcelId, indiceId: indexId } });
      if (!result.ok && result.status === 404) return null;
      return unwrap(result);
    },
  }),
};
