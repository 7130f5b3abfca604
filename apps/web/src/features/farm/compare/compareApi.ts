import { currentLang } from '../../../i18n/languages.ts';
import { API_BASE, ApiFailure } from '../../../lib/api.ts';
import type { RouteData } from '@filaha/shared/contracts';
import { checkContractAnswer } from '../../../lib/client.ts';
import { getToken } from '../../../lib/storage.ts';
import { toFailure, type GenerateFailure, type SeriesPoint } from '../farmApi.ts';

/** POST /api/images/{index}/change: the answer (packages/shared/src/contracts/images.ts ChangeAnswer). */
export type ChangeResult = RouteData<'POST /images/:indexName/change'>;

/** One date of a change map: its acquisition, the index map of that day alone and its statistics. */
export type ChangeDate = ChangeResult['earlier'];

/** A diverging class of the difference (later − earlier), centred on 0. */
export type ChangeClass = ChangeResult['legend'][number];

export interface ChangeRequest {
  indexCode: string;
  indexId: number;
  parcelId: number;
  /** YYYY-MM-DD: each day is resolved to its acquisition like an image request's window. */
  earlier: string;
  later: string;
  threshold: number;
}

export type ChangeOutcome = { ok: true; change: ChangeResult } | { ok: false; failure: GenerateFailure };

/** Two dates' band reads and three images: more than an image request's 10 s on a slow link. */
export const CHANGE_TIMEOUT_MS = 30_000;
/** The API's default drop threshold (0.10 index units). */
export const DEFAULT_THRESHOLD = 0.1;
/** The overlays' size: a phone screen shows nothing finer, and three PNGs stay light. */
const CHANGE_IMAGE_SIZE = 1024;

/**
 * POST /api/images/{index}/change. Like generateImage (farmApi.ts), not through the shared `api` wrapper: the
 * limit modal's counter and the nearest dates of a 429/404/422 answer are kept (same `toFailure`).
 */
export async function fetchChange(req: ChangeRequest, signal?: AbortSignal): Promise<ChangeOutcome> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLang(),
    'Content-Type': 'application/json',
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CHANGE_TIMEOUT_MS);
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/images/${encodeURIComponent(req.indexCode)}/change`, {
      method: 'POST',
      headers,
      signal: controller.signal,
      body: JSON.stringify({
        parcelle_id: req.parcelId,
        indice_id: req.indexId,
        earlier: { startDate: req.earlier, endDate: req.earlier },
        later: { startDate: req.later, endDate: req.later },
        threshold: req.threshold,
        width: CHANGE_IMAGE_SIZE,
        height: CHANGE_IMAGE_SIZE,
      }),
    });
  } catch (error) {
    if (controller.signal.aborted && !signal?.aborted) throw new ApiFailure('timeout', 'Request timed out');
    throw new ApiFailure('network', error instanceof Error ? error.message : 'Network error');
  } finally {
    clearTimeout(timer);
  }
  let body: Record<string, unknown> = {};
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    // An unreadable body is handled below like any other failure.
  }
  if (response.ok) {
    await checkContractAnswer('POST /images/:indexName/change', response.status, body);
    return { ok: true, change: body as unknown as ChangeResult };
  }
  if (response.status >= 500 && body.code !== 'CATALOG_UNAVAILABLE')
    throw new ApiFailure('server', typeof body.message === 'string' ? body.message : `HTTP ${response.status}`);
  return { ok: false, failure: toFailure(response.status, body) };
}

const DAY_MS = 86_400_000;
const dayNumber = (ymd: string) => Date.parse(`${ymd}T00:00:00Z`) / DAY_MS;

/**
 * The default pair from a season curve's clear acquisitions: the latest one, and the one nearest to 30 days
 * before it (never the same day). null when the curve has fewer than two points.
 */
export function defaultPair(points: readonly Pick<SeriesPoint, 'date'>[]): { earlier: string; later: string } | null {
  const dates = [...new Set(points.map((p) => p.date))].sort();
  if (dates.length < 2) return null;
  const later = dates.at(-1)!;
  const target = dayNumber(later) - 30;
  const earlier = dates
    .slice(0, -1)
    .reduce((best, d) => (Math.abs(dayNumber(d) - target) < Math.abs(dayNumber(best) - target) ? d : best));
  return { earlier, later };
}

/** Which class of the diverging legend a difference falls in (the top class is closed), or null. */
export function changeClassOf(value: number, legend: readonly ChangeClass[]): ChangeClass | null {
  const sorted = [...legend].sort((a, b) => a.start - b.start);
  const low = sorted[0]?.start ?? 0;
  const high = sorted.at(-1)?.end ?? 0;
  const v = Math.min(high, Math.max(low, value));
  return sorted.find((c) => v >= c.start && (v < c.end || (v === high && c.end === high))) ?? null;
}
