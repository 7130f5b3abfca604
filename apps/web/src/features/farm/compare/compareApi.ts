import type { RouteData } from '@filaha/shared/contracts';
import { request } from '../../../lib/client.ts';
import { IMAGERY_OPTIONS, imageryOutcome, type GenerateFailure, type SeriesPoint } from '../farmApi.ts';

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

/** POST /api/images/{index}/change, like generateImage (imageryOutcome, farmApi.ts). */
export async function fetchChange(req: ChangeRequest, signal?: AbortSignal): Promise<ChangeOutcome> {
  const answer = await imageryOutcome(
    request(
      'POST /images/:indexName/change',
      {
        params: { indexName: req.indexCode },
        body: {
          parcelle_id: req.parcelId,
          indice_id: req.indexId,
          earlier: { startDate: req.earlier, endDate: req.earlier },
          later: { startDate: req.later, endDate: req.later },
          threshold: req.threshold,
          width: CHANGE_IMAGE_SIZE,
          height: CHANGE_IMAGE_SIZE,
        },
      },
      { ...IMAGERY_OPTIONS, signal, timeoutMs: CHANGE_TIMEOUT_MS },
    ),
  );
  return answer.ok ? { ok: true, change: answer.data } : answer;
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
