import { LIMITS } from '@filaha/shared';
import type { QuotaExhaustedDetails, RouteData } from '@filaha/shared/contracts';
import { currentLang } from '../../i18n/languages.ts';
import { API_BASE, ApiFailure } from '../../lib/api.ts';
import { ApiAnswerError, unwrap } from '../../lib/queries.ts';
import { call, checkContractAnswer, request } from '../../lib/client.ts';
import { getToken } from '../../lib/storage.ts';

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
 * packages/shared/src/contracts/error-bodies.ts). Read field by field (`quotaPayload`): a field missing or of another
 * type is left out, and the modal falls back to its own text.
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
  | { kind: 'error'; code: string; message: string; issues: Array<{ path?: unknown; message?: string }> };

export type GenerateOutcome = { ok: true; image: GeneratedImage } | { ok: false; failure: GenerateFailure };

export interface GenerateRequest {
  indexCode: string;
  indexId: number;
  parcelId: number;
  userId: number;
  startDate: string;
  endDate: string;
}

type Body = Record<string, unknown>;
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const dayOrNull = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const isRecord = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalText = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function quotaPayload(body: Body): QuotaPayload {
  const payload: QuotaPayload = { code: 'QUOTA_EXHAUSTED' };
  for (const key of ['error', 'title', 'message', 'message_ar', 'message_fr'] as const) {
    const value = optionalText(body[key]);
    if (value !== undefined) payload[key] = value;
  }
  const info = body.indicator_info;
  if (isRecord(info) && typeof info.indicators_used === 'number' && typeof info.indicators_limit === 'number')
    payload.indicator_info = { indicators_used: info.indicators_used, indicators_limit: info.indicators_limit };
  return payload;
}

export function toFailure(status: number, body: Body): GenerateFailure {
  const code = text(body.code);
  if (status === 429 && code === 'QUOTA_EXHAUSTED') return { kind: 'quota', payload: quotaPayload(body) };
  if (code === 'OUTSIDE_COVERAGE')
    return {
      kind: 'noScene',
      outsideCoverage: true,
      message: text(body.message),
      nearestBefore: null,
      nearestAfter: null,
    };
  if (code === 'NO_SCENE')
    return {
      kind: 'noScene',
      message: text(body.message),
      nearestBefore: dayOrNull(body.nearestBefore),
      nearestAfter: dayOrNull(body.nearestAfter),
    };
  if (code === 'ALL_CLOUDY')
    return {
      kind: 'cloudy',
      message: text(body.message),
      validFraction: typeof body.validFraction === 'number' ? body.validFraction : null,
      nearestBefore: dayOrNull(body.nearestBefore),
      nearestAfter: dayOrNull(body.nearestAfter),
    };
  const issues = Array.isArray(body.issues) ? (body.issues as Array<{ path?: unknown; message?: string }>) : [];
  return { kind: 'error', code: code || 'generic', message: text(body.message), issues };
}

/**
 * POSTs an imagery request (an image, a change map) with a JSON `payload`: the answer's body, or the failure
 * the screens explain. Not through the shared `api` wrapper: its error values keep only
 * `{ code, message, issues }`, and these answers' extra fields (the limit modal's counter, the nearest dates
 * with imagery) are the point of the 429 and 404 answers. A success is checked against the route's contract
 * (development and tests); a 5xx but CATALOG_UNAVAILABLE, a timeout or no network throws an ApiFailure.
 */
export async function postImagery(
  route: 'POST /images/:indexName' | 'POST /images/:indexName/change',
  path: string,
  payload: unknown,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<{ ok: true; body: Body } | { ok: false; failure: GenerateFailure }> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLang(),
    'Content-Type': 'application/json',
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers,
      signal: controller.signal,
      body: JSON.stringify(payload),
    });
  } catch (error) {
    if (controller.signal.aborted && !signal?.aborted) throw new ApiFailure('timeout', 'Request timed out');
    throw new ApiFailure('network', error instanceof Error ? error.message : 'Network error');
  } finally {
    clearTimeout(timer);
  }
  let body: Body = {};
  try {
    body = (await response.json()) as Body;
  } catch {
    // An unreadable body is handled below like any other failure.
  }
  if (response.ok) {
    await checkContractAnswer(route, response.status, body);
    return { ok: true, body };
  }
  if (response.status >= 500 && text(body.code) !== 'CATALOG_UNAVAILABLE')
    throw new ApiFailure('server', text(body.message) || `HTTP ${response.status}`, response.status);
  return { ok: false, failure: toFailure(response.status, body) };
}

/** POST /api/images/{index} (postImagery). */
export async function generateImage(req: GenerateRequest, signal?: AbortSignal): Promise<GenerateOutcome> {
  const answer = await postImagery(
    'POST /images/:indexName',
    `/images/${encodeURIComponent(req.indexCode)}`,
    {
      startDate: req.startDate,
      endDate: req.endDate,
      width: LIMITS.imageSize,
      height: LIMITS.imageSize,
      user_id: req.userId,
      indice_id: req.indexId,
      parcelle_id: req.parcelId,
    },
    LIMITS.httpTimeoutMs,
    signal,
  );
  return answer.ok ? { ok: true, image: answer.body as unknown as GeneratedImage } : answer;
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
    retry: false,
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
