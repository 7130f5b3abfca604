import { WATER_STRESS_MIN_NDVI } from '@filaha/shared';
import type { RouteData } from '@filaha/shared/contracts';
import type { AlertItem } from '../../alerts/alertsApi.ts';
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

/** A pair of acquisition days to compare, earlier first. */
export interface DatePair {
  earlier: string;
  later: string;
}

/** What the default pair reads of an alert (GET /api/alerts, packages/shared/src/contracts/alerts.ts). */
export type AlertDates = Pick<AlertItem, 'id' | 'parcelId' | 'date' | 'previousDate'>;

/**
 * The canopy threshold the alert rules already use (WATER_STRESS_MIN_NDVI, 0.3: below it NDVI reads bare soil,
 * a seedbed or stubble rather than a crop; USGS, see docs/ALERTS.md), read here as the edge of the growing season.
 */
export const GROWING_MIN_NDVI = WATER_STRESS_MIN_NDVI;

/**
 * The pair behind the parcel's latest alert that compares two acquisitions (DROP and PARTIAL_DROP carry the
 * previous acquisition's date; NEW_IMAGE and WATER_STRESS name one date and are passed over): the newest by date,
 * then by id. Only when both days are among `clearDates` (what the date pickers offer, when known), so the
 * screen opens on a pair it can show and compare. null when there is none.
 */
export function alertPair(
  alerts: readonly AlertDates[],
  parcelId: number,
  clearDates: readonly string[] | null,
): DatePair | null {
  const offered = clearDates ? new Set(clearDates) : null;
  const pairs = alerts.flatMap((a) => {
    const later = a.date.slice(0, 10);
    const earlier = a.previousDate?.slice(0, 10);
    if (a.parcelId !== parcelId || !earlier || !(earlier < later)) return [];
    if (offered && !(offered.has(earlier) && offered.has(later))) return [];
    return [{ id: a.id, earlier, later }];
  });
  pairs.sort((a, b) => (a.later === b.later ? b.id - a.id : a.later < b.later ? 1 : -1));
  const latest = pairs[0];
  return latest ? { earlier: latest.earlier, later: latest.later } : null;
}

/**
 * The default pair when no alert gives one: the last two clear acquisitions of the growing season.
 *
 * - Clear: a point of the season curve with its median and a visible share of at least the answer's
 *   `minValidFraction` (the API's own threshold, the one the curve shows as "min.").
 * - Growing season: neither the SPEC nor IMAGERY.md defines one, and no crop calendar is known per parcel, so it
 *   is read from the parcel itself: on NDVI, the acquisitions whose median shows a canopy (≥ GROWING_MIN_NDVI).
 *   That is what keeps the pair off the bare soil after harvest (issue 27 §2: 29 Sep → 29 Oct on a harvested
 *   field). Other indices (NDMI, MSAVI, …) have no such edge here: their whole period counts (the curve's twelve
 *   months up to the latest acquisition).
 * - With fewer than two such acquisitions, the last two clear ones of the period; null with fewer than two.
 */
export function seasonPair(
  points: readonly Pick<SeriesPoint, 'date' | 'median' | 'validFraction'>[],
  minValidFraction: number,
  indexCode: string,
): DatePair | null {
  const clear = points.filter((p) => p.median !== null && p.validFraction >= minValidFraction);
  const dates = (list: typeof clear) => [...new Set(list.map((p) => p.date))].sort();
  const growing = indexCode === 'NDVI' ? dates(clear.filter((p) => p.median! >= GROWING_MIN_NDVI)) : dates(clear);
  const chosen = growing.length >= 2 ? growing : dates(clear);
  if (chosen.length < 2) return null;
  return { earlier: chosen.at(-2)!, later: chosen.at(-1)! };
}

/** Which class of the diverging legend a difference falls in (the top class is closed), or null. */
export function changeClassOf(value: number, legend: readonly ChangeClass[]): ChangeClass | null {
  const sorted = [...legend].sort((a, b) => a.start - b.start);
  const low = sorted[0]?.start ?? 0;
  const high = sorted.at(-1)?.end ?? 0;
  const v = Math.min(high, Math.max(low, value));
  return sorted.find((c) => v >= c.start && (v < c.end || (v === high && c.end === high))) ?? null;
}
