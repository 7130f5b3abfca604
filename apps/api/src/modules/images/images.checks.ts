import { createHash } from 'node:crypto';
import type { PolygonGeometry } from '@filaha/db';
import {
  AllCloudyError,
  CatalogUnavailableError,
  CogUnavailableError,
  InvalidGeometryError,
  NoSceneError,
  UnknownIndexError,
  type LegendInterval,
} from '@filaha/imagery';
import { ResultStats, type IndexStats } from '@filaha/shared';
import type { AuthedCtx } from '../../context.ts';
import { requireAccess } from '../../core/access.ts';
import { AppError, NotFoundError, ValidationError, WordedError } from '../../core/errors.ts';
import type { CatalogCoverage } from '../../lib/imagery/coverage.ts';
import { CloudedError, NoSceneFoundError } from './images.errors.ts';
import type { ImagesRepository, SubscriptionAccess } from './images.repository.ts';

/**
 * What rendering an index over a parcel starts with (an index image here, a change map in the change module): the
 * request's checks, the caller's quota, the style hash, and the engine's failures as API errors.
 */

export type Quota = { subscriptionId: number; usage: NonNullable<SubscriptionAccess['usage']> };

/**
 * What makes two renderings of one scene identical: the legend's classes and the parcel's geometry (an edited
 * parcel is a new image). Stored in `index_results.legend_hash`, followed by the requested size cap.
 */
export function styleHash(legend: ReadonlyArray<LegendInterval>, geometry: PolygonGeometry): string {
  const classes = legend.map((l) => [l.start, l.end, l.color.replace(/\s+/g, '')]);
  return createHash('sha256')
    .update(JSON.stringify({ v: 1, classes, geometry }))
    .digest('hex')
    .slice(0, 32);
}

/**
 * The statistics stored with a result (an image or a change map), all defined: `what` names the result in the
 * error thrown when they are not (no valid pixel: the engine answers before that).
 */
export function toResultStats(stats: IndexStats, what: string): ResultStats {
  const defined = ResultStats.safeParse(stats);
  if (!defined.success) throw new Error(`statistics of ${what}`);
  return defined.data;
}

/** Engine failures as API errors. None of them is charged: they are thrown before the quota transaction. */
export function apiErrorOf(error: unknown, window: { start: string; end: string }): unknown {
  if (error instanceof NoSceneError)
    return new NoSceneFoundError(window.start, window.end, error.nearestBefore, error.nearestAfter);
  if (error instanceof AllCloudyError)
    return new CloudedError(error.bestValidFraction, error.bestSceneId, error.nearestBefore, error.nearestAfter);
  if (error instanceof CatalogUnavailableError || error instanceof CogUnavailableError) {
    return Object.assign(new AppError('CATALOG_UNAVAILABLE'), { cause: error });
  }
  if (error instanceof InvalidGeometryError) return Object.assign(new AppError('INVALID_GEOMETRY'), { cause: error });
  if (error instanceof UnknownIndexError) return new WordedError('NOT_FOUND', 'indexNotFound');
  return error;
}

export interface RenderChecksDeps {
  repo: Pick<ImagesRepository, 'findIndex' | 'findParcel' | 'subscriptionsFor' | 'ensureUsageRows' | 'legend'>;
  /** The catalog's footprint: a NO_SCENE for a parcel outside it answers OUTSIDE_COVERAGE instead. */
  coverage?: CatalogCoverage;
}

/**
 * The caller's quota for the index: 403 without a subscription, without an active one, or when no active plan
 * includes the index. With several active subscriptions the newest one with requests left pays.
 */
async function quotaFor(repo: RenderChecksDeps['repo'], userId: number, indexId: number): Promise<Quota> {
  let subscriptions = await repo.subscriptionsFor(userId, indexId);
  if (subscriptions.length === 0) throw new AppError('SUBSCRIPTION_REQUIRED');
  const including = () => subscriptions.filter((s) => s.state === 'actif' && s.requestCount !== null);
  if (!subscriptions.some((s) => s.state === 'actif')) throw new AppError('SUBSCRIPTION_INACTIVE');
  if (including().length === 0) throw new AppError('INDEX_NOT_IN_PLAN');
  const missing = including().filter((s) => s.usage === null);
  if (missing.length > 0) {
    // Activation creates usage rows; a subscription activated before that existed gets them now.
    for (const s of missing) await repo.ensureUsageRows(s.subscriptionId);
    subscriptions = await repo.subscriptionsFor(userId, indexId);
  }
  const usable = including().filter((s): s is SubscriptionAccess & Quota => s.usage !== null);
  const chosen = usable.find((s) => s.usage.used < s.usage.total) ?? usable[0];
  if (!chosen) throw new AppError('INDEX_NOT_IN_PLAN');
  return { subscriptionId: chosen.subscriptionId, usage: chosen.usage };
}

export function createRenderChecks({ repo, coverage }: RenderChecksDeps) {
  return {
    /**
     * The checks an image or a change request starts with, in this order: the index (404), `indice_id` agreeing
     * with it (400), the parcel (404; someone else's answers exactly like a missing one: no hint that it exists),
     * the caller's quota for the index (403); then the index's legend and the style hash of legend × geometry.
     */
    async prepareRequest(ctx: AuthedCtx, indexName: string, input: { indice_id?: number; parcelle_id: number }) {
      const index = await repo.findIndex(indexName);
      if (!index) throw new WordedError('NOT_FOUND', 'indexNotFound');
      if (input.indice_id !== undefined && input.indice_id !== index.id) {
        throw ValidationError.field('indice_id', 'validation.indexMismatch');
      }
      const parcel = await repo.findParcel(input.parcelle_id);
      if (!parcel) throw new NotFoundError();
      requireAccess(ctx, 'parcelImagery', 'write', { ownerId: parcel.userId, hide: true });
      const quota = await quotaFor(repo, ctx.actor.id, index.id);
      const legend = await repo.legend(index.id);
      return { index, parcel, quota, legend, style: styleHash(legend, parcel.geom) };
    },

    /**
     * NO_SCENE for a parcel the catalog does not cover at all is OUTSIDE_COVERAGE (same 404 class): other dates
     * would not help. When the coverage cannot be read, the plain NO_SCENE answer stands.
     */
    async sceneErrorOf(error: unknown, geometry: PolygonGeometry, window: { start: string; end: string }) {
      if (error instanceof NoSceneError && coverage && (await coverage.covers(geometry)) === false)
        return new AppError('OUTSIDE_COVERAGE');
      return apiErrorOf(error, window);
    },
  };
}

export type RenderChecks = ReturnType<typeof createRenderChecks>;
