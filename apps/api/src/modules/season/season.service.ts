import {
  CatalogUnavailableError,
  CogUnavailableError,
  findIndex,
  InvalidGeometryError,
  type SeriesSkip,
} from '@filaha/imagery';
import type { IndexStats } from '@filaha/shared';
import type { SeriesAnswer, SeriesQuery } from '@filaha/shared/contracts';
import type { AuthedCtx } from '../../context.ts';
import { hasRoleAccess, requireAccess } from '../../core/access.ts';
import { AppError, NotFoundError } from '../../core/errors.ts';
import type { CounterStore } from '../../lib/counters.ts';
import type { Imagery } from '../../lib/imagery/imagery.ts';
import type { ImageryLookups } from '../images/public.ts';
import { computeAndStoreSeries, seriesBasis } from './season.points.ts';
import type { SeasonRepository } from './season.repository.ts';

/**
 * GET /parcelle/{id}/series: the season curve of a parcel for one index (issue 15 §1). A curve carries no image:
 * it is included in an active subscription holding the index (nothing charged), within a fair-use bound per user
 * and day.
 */

const DAY_MS = 86_400_000;
/**
 * Stored points are answered without a catalog search only while the catalog poll is alive: its latest success
 * within this long (four periods of the default six-hour schedule). A stalled poll sends the curve back to the
 * catalog, as before the jobs.
 */
export const STORED_CURVE_FRESH_MS = 24 * 3_600_000;

function apiErrorOf(error: unknown): unknown {
  if (error instanceof CatalogUnavailableError || error instanceof CogUnavailableError)
    return Object.assign(new AppError('CATALOG_UNAVAILABLE'), { cause: error });
  if (error instanceof InvalidGeometryError) return Object.assign(new AppError('INVALID_GEOMETRY'), { cause: error });
  return error;
}

function pick(stats: IndexStats) {
  const { mean, median, p25, p75, min, max, std, validFraction } = stats;
  return { mean, median, p25, p75, min, max, std, validFraction };
}

export interface SeasonServiceDeps {
  /** The parcel, the index and the caller's subscriptions (the images module's lookups). */
  lookups: ImageryLookups;
  series: SeasonRepository;
  imagery: Pick<Imagery, 'catalog' | 'minValidFraction' | 'cloudBufferM' | 'maskClasses'>;
  /** The app's counters: the per-user daily bound is one of them (`series:<user id>`). */
  counters: Pick<CounterStore, 'hit' | 'refund'>;
  /** Curve requests per user and rolling day (SERIES_DAILY_LIMIT). */
  dailyLimit: number;
}

export interface CurveRequest {
  ctx: AuthedCtx;
  id: number;
  query: SeriesQuery;
  /**
   * Told the seconds to wait when the daily bound is reached, before the 429 is thrown: the route puts them in
   * the Retry-After header (the body is the plain RATE_LIMITED answer).
   */
  retryAfter(seconds: number): void;
}

export function createSeasonService({ lookups, series, imagery, counters, dailyLimit }: SeasonServiceDeps) {
  /** The owner (404 for anyone else's parcel) with an active plan holding the index, or staff. */
  async function readableParcel({ actor }: AuthedCtx, id: number, indexCode: string) {
    const parcel = await lookups.findParcel(id);
    if (!parcel) throw new NotFoundError();
    requireAccess({ actor }, 'parcelImagery', 'read', { ownerId: parcel.userId, hide: true });
    if (hasRoleAccess({ actor }, 'parcelImagery', 'read')) return parcel;
    const record = await lookups.findIndex(indexCode);
    if (!record) throw new AppError('INDEX_NOT_IN_PLAN');
    const subscriptions = await lookups.subscriptionsFor(actor.id, record.id);
    const active = subscriptions.filter((s) => s.state === 'actif');
    if (active.length === 0) throw new AppError('SUBSCRIPTION_INACTIVE');
    if (!active.some((s) => s.requestCount !== null)) throw new AppError('INDEX_NOT_IN_PLAN');
    return parcel;
  }

  /** One more curve request of the caller today; past the bound it is taken back and answered 429. */
  async function countRequest(userId: number, retryAfter: (seconds: number) => void) {
    const use = await counters.hit(`series:${userId}`, DAY_MS);
    if (use.count <= dailyLimit) return;
    await counters.refund(`series:${userId}`);
    retryAfter(Math.max(1, Math.ceil(use.ttlMs / 1000)));
    throw new AppError('RATE_LIMITED');
  }

  return {
    async curve({ ctx, id, query, retryAfter }: CurveRequest): Promise<SeriesAnswer> {
      const { from, to } = query;
      const index = findIndex(query.index)!;
      const parcel = await readableParcel(ctx, id, index.code);
      await countRequest(ctx.actor.id, retryAfter);

      // Watched and current: the curve is the stored rows, no catalog search (issue 29 §2). Else what is missing is
      // computed and stored first, as the jobs would.
      const basis = seriesBasis(parcel.geom, imagery);
      const key = { parcelId: parcel.id, indexCode: index.code, basis };
      const current = await series.storedIsCurrent(key, from, to, new Date(Date.now() - STORED_CURVE_FRESH_MS));
      const fresh = current
        ? { skipped: [] as SeriesSkip[] }
        : (
            await computeAndStoreSeries(series, { imagery, parcel, index: index.code, from, to }).catch(
              (error: unknown) => {
                throw apiErrorOf(error);
              },
            )
          ).fresh;
      const all = await series.window(key, from, to);
      return {
        parcelId: parcel.id,
        index: index.code,
        from,
        to,
        minValidFraction: imagery.minValidFraction,
        points: all
          .filter((r) => r.status === 'point')
          .map((r) => ({ date: r.date, sceneId: r.sceneId, ...pick(r.stats!) })),
        skipped: [
          ...all
            .filter((r) => r.status !== 'point')
            .map((r) => ({
              date: r.date,
              sceneId: r.sceneId,
              reason: r.status as 'CLOUDY' | 'OUTSIDE_COVERAGE',
              validFraction: r.validFraction,
            })),
          ...fresh.skipped
            .filter((s) => s.reason === 'MISSING_BAND')
            .map((s) => ({ date: s.date, sceneId: s.sceneId, reason: s.reason, validFraction: null })),
        ].sort((a, b) => a.date.localeCompare(b.date)),
      };
    },
  };
}

export type SeasonService = ReturnType<typeof createSeasonService>;
