import { createHash } from 'node:crypto';
import type { Db, PolygonGeometry, SeriesStats } from '@filaha/db';
import {
  CatalogUnavailableError,
  CogUnavailableError,
  InvalidGeometryError,
  computeSeries,
  DEFAULT_MASKED_SCL_CLASSES,
  findIndex,
  type SeriesSkip,
} from '@filaha/imagery';
import { imagesContract as contract, SERIES_MAX_DAYS } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import { AppError, NotFoundError } from '../../core/errors.ts';
import type { Imagery } from './imagery.ts';
import type { ImagesRepository } from './images.repository.ts';
import { createSeriesRepository, type SeriesRow } from './images.series.repository.ts';
import { hasRoleAccess, requireAccess } from '../../core/access.ts';

/**
 * GET /parcelle/{id}/series: the season curve of a parcel for one index (issue 15 §1). Each acquisition is
 * computed once per parcel × index × basis and stored in `series_points`; a repeated request reads the stored
 * rows and computes only acquisitions it has not seen. A curve carries no image: it is included in an active
 * subscription holding the index (nothing charged), within a fair-use bound per user and day.
 */

export { SERIES_MAX_DAYS };
const DAY_MS = 86_400_000;
const STAFF = ['Admin', 'Manager'] as const;

function apiErrorOf(error: unknown): unknown {
  if (error instanceof CatalogUnavailableError || error instanceof CogUnavailableError)
    return Object.assign(new AppError('CATALOG_UNAVAILABLE'), { cause: error });
  if (error instanceof InvalidGeometryError) return Object.assign(new AppError('INVALID_GEOMETRY'), { cause: error });
  return error;
}

export interface SeriesRouteOptions {
  db: Db;
  repo: ImagesRepository;
  imagery: Pick<Imagery, 'catalog' | 'minValidFraction' | 'cloudBufferM' | 'maskClasses'>;
  /** Curve requests per user and rolling day (SERIES_DAILY_LIMIT). */
  dailyLimit: number;
}

/** The deployment's settings a season point is computed with. */
export interface SeriesSettings {
  minValidFraction: number;
  /** CLOUD_BUFFER_M (undefined: the engine's default). */
  cloudBufferM?: number;
  /** The masked SCL classes (undefined: DEFAULT_MASKED_SCL_CLASSES); order and repeats do not matter. */
  maskClasses?: ReadonlyArray<number>;
}

/**
 * What a stored point depends on besides the scene: a new geometry or setting — the minimum valid fraction, the
 * cloud buffer, the masked SCL classes — means new rows (the old ones are never reused for it).
 */
export function seriesBasis(geometry: PolygonGeometry, settings: SeriesSettings) {
  const { minValidFraction, cloudBufferM } = settings;
  const maskClasses = [...new Set(settings.maskClasses ?? DEFAULT_MASKED_SCL_CLASSES)].sort((a, b) => a - b);
  return createHash('sha256')
    .update(JSON.stringify({ v: 1, geometry, minValidFraction, cloudBufferM: cloudBufferM ?? null, maskClasses }))
    .digest('hex')
    .slice(0, 32);
}

function pick(stats: SeriesStats) {
  const { mean, median, p25, p75, min, max, std, validFraction } = stats;
  return { mean, median, p25, p75, min, max, std, validFraction };
}

export interface StoreSeriesInput {
  db: Db;
  imagery: Pick<Imagery, 'catalog' | 'minValidFraction' | 'cloudBufferM' | 'maskClasses'>;
  parcel: { id: number; geom: PolygonGeometry };
  index: string;
  /** Inclusive days, YYYY-MM-DD. */
  from: string;
  to: string;
}

/**
 * Computes the acquisitions of [from, to] not yet stored for this parcel × index × basis and stores them (points,
 * and CLOUDY / OUTSIDE_COVERAGE skips; a missing band is never stored). Shared by the curve route and the
 * background jobs (apps/api/src/jobs): whoever comes first computes, the unique index keeps one row per scene.
 * `inserted` counts the rows this call actually added (ON CONFLICT DO NOTHING skips a concurrent writer's).
 */
export async function computeAndStoreSeries(input: StoreSeriesInput) {
  const { db, imagery, parcel, index, from, to } = input;
  const basis = seriesBasis(parcel.geom, imagery);
  const series = createSeriesRepository(db);
  const known = await series.storedSceneIds({ parcelId: parcel.id, indexCode: index, basis }, from, to);
  const fresh = await computeSeries({
    catalog: imagery.catalog,
    geometry: parcel.geom,
    index,
    from,
    to,
    known,
    minValidFraction: imagery.minValidFraction,
    cloudBufferM: imagery.cloudBufferM,
    maskClasses: imagery.maskClasses,
  });
  const rows: SeriesRow[] = [
    ...fresh.points.map((p) => ({
      parcelId: parcel.id,
      indexCode: index,
      basis,
      sceneId: p.sceneId,
      date: p.date,
      status: 'point' as const,
      stats: p.stats,
      validFraction: p.stats.validFraction,
      tiles: p.tiles,
    })),
    // A missing band is a catalog defect that may be repaired: never stored, asked again next time.
    ...fresh.skipped
      .filter((s): s is SeriesSkip & { reason: 'CLOUDY' | 'OUTSIDE_COVERAGE' } => s.reason !== 'MISSING_BAND')
      .map((s) => ({
        parcelId: parcel.id,
        indexCode: index,
        basis,
        sceneId: s.sceneId,
        date: s.date,
        status: s.reason,
        stats: null,
        validFraction: s.validFraction ?? null,
        tiles: null,
      })),
  ];
  // Two writers computing the same scene at once store it once.
  return { basis, fresh, inserted: await series.insert(rows) };
}

export const seriesRoutes: FastifyPluginAsyncZod<SeriesRouteOptions> = async (app, options) => {
  const { db, repo, imagery, dailyLimit } = options;
  const series = createSeriesRepository(db);

  app.route({
    ...fromContract(contract.series),
    onRequest: app.requireRole('User', ...STAFF),
    handler: async (request, reply) => {
      const { actor } = authed(request);
      const { id } = request.params;
      const { from, to } = request.query;
      const index = findIndex(request.query.index)!;
      const parcel = await repo.findParcel(id);
      if (!parcel) throw new NotFoundError();
      requireAccess({ actor }, 'parcelImagery', 'read', { ownerId: parcel.userId, hide: true });
      const staff = hasRoleAccess({ actor }, 'parcelImagery', 'read');
      if (!staff) {
        const record = await repo.findIndex(index.code);
        if (!record) throw new AppError('INDEX_NOT_IN_PLAN');
        const subscriptions = await repo.subscriptionsFor(actor.id, record.id);
        const active = subscriptions.filter((s) => s.state === 'actif');
        if (active.length === 0) throw new AppError('SUBSCRIPTION_INACTIVE');
        if (!active.some((s) => s.requestCount !== null)) throw new AppError('INDEX_NOT_IN_PLAN');
      }
      const use = await app.counters.hit(`series:${actor.id}`, DAY_MS);
      if (use.count > dailyLimit) {
        await app.counters.refund(`series:${actor.id}`);
        const seconds = Math.max(1, Math.ceil(use.ttlMs / 1000));
        reply.header('retry-after', String(seconds));
        throw new AppError('RATE_LIMITED');
      }

      const { basis, fresh } = await computeAndStoreSeries({ db, imagery, parcel, index: index.code, from, to }).catch(
        (error: unknown) => {
          throw apiErrorOf(error);
        },
      );
      const all = await series.window({ parcelId: parcel.id, indexCode: index.code, basis }, from, to);
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
  });
};
