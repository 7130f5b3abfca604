import { createHash } from 'node:crypto';
import type { PolygonGeometry, ResultStats } from '@filaha/db';
import {
  AllCloudyError,
  CatalogUnavailableError,
  CogUnavailableError,
  InvalidGeometryError,
  NoSceneError,
  UnknownIndexError,
  type IndexStats,
  type LegendInterval,
  type SceneSelection,
} from '@filaha/imagery';
import type { AuthedCtx } from '../../context.ts';
import { AppError, NotFoundError, ValidationError, WordedError } from '../../core/errors.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import type { Deadline, Imagery, RenderRequest } from './imagery.ts';
import type { CatalogCoverage } from './images.coverage.ts';
import { CloudedError, NoSceneFoundError, QuotaExhaustedError } from './images.errors.ts';
import type { ImagesRepository, IndexRecord, ResultRow, SubscriptionAccess } from './images.repository.ts';
import type { GenerateImageAnswer, GenerateImageBody } from '@filaha/shared/contracts';
import {
  downloadName,
  removeResultFiles,
  replaceStoredFiles,
  resultKeyBase,
  resultUrls,
  storedPngSize,
  storeResultFiles,
} from './result-files.ts';
import { requireAccess } from '../../core/access.ts';

export interface ImagesServiceDeps {
  repo: ImagesRepository;
  imagery: Imagery;
  storage: ObjectStorage;
  /** The catalog's footprint: a NO_SCENE for a parcel outside it answers OUTSIDE_COVERAGE instead. */
  coverage?: CatalogCoverage;
}

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
  const { min, max, mean, std, median, p25, p75 } = stats;
  if (
    min === null ||
    max === null ||
    mean === null ||
    std === null ||
    median === null ||
    p25 === null ||
    p75 === null
  ) {
    throw new Error(`statistics of ${what}`);
  }
  return {
    min,
    max,
    mean,
    std,
    median,
    p25,
    p75,
    count: stats.count,
    validFraction: stats.validFraction,
    resolution: stats.resolution,
  };
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

export function createImagesService({ repo, imagery, storage, coverage }: ImagesServiceDeps) {
  /**
   * NO_SCENE for a parcel the catalog does not cover at all is OUTSIDE_COVERAGE (same 404 class): other dates
   * would not help. When the coverage cannot be read, the plain NO_SCENE answer stands.
   */
  async function sceneErrorOf(error: unknown, geometry: PolygonGeometry, window: { start: string; end: string }) {
    if (error instanceof NoSceneError && coverage && (await coverage.covers(geometry)) === false)
      return new AppError('OUTSIDE_COVERAGE');
    return apiErrorOf(error, window);
  }

  /**
   * The caller's quota for the index: 403 without a subscription, without an active one, or when no active
   * plan includes the index. With several active subscriptions the newest one with requests left pays.
   */
  async function quotaFor(userId: number, indexId: number): Promise<Quota> {
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

  /**
   * The checks an image or a change request starts with, in this order: the index (404), `indice_id` agreeing with
   * it (400), the parcel (404; someone else's answers exactly like a missing one: no hint that it exists), the
   * caller's quota for the index (403); then the index's legend and the style hash of legend × parcel geometry.
   */
  async function prepareRequest(ctx: AuthedCtx, indexName: string, input: { indice_id?: number; parcelle_id: number }) {
    const index = await repo.findIndex(indexName);
    if (!index) throw new WordedError('NOT_FOUND', 'indexNotFound');
    if (input.indice_id !== undefined && input.indice_id !== index.id) {
      throw ValidationError.field('indice_id', 'validation.indexMismatch');
    }
    const parcel = await repo.findParcel(input.parcelle_id);
    if (!parcel) throw new NotFoundError();
    requireAccess(ctx, 'parcelImagery', 'write', { ownerId: parcel.userId, hide: true });
    const quota = await quotaFor(ctx.actor.id, index.id);
    const legend = await repo.legend(index.id);
    return { index, parcel, quota, legend, style: styleHash(legend, parcel.geom) };
  }

  async function answer(
    index: IndexRecord,
    row: ResultRow,
    cached: boolean,
    size?: { width: number; height: number },
    asked?: { start: string; end: string },
  ): Promise<GenerateImageAnswer> {
    const { width, height } = size ?? (await storedPngSize(storage, row.imageKey)) ?? { width: 0, height: 0 };
    return {
      success: true,
      resultId: row.id,
      cached,
      index: index.code,
      ...resultUrls(storage, row, downloadName(index.code, row.parcelId, row.sceneDatetime)),
      bounds: row.bounds,
      stats: row.stats,
      minValidFraction: imagery.minValidFraction,
      width,
      height,
      scene: { id: row.sceneId, datetime: row.sceneDatetime.toISOString(), cloudFraction: row.cloudFraction },
      // The period the farmer asked for: an image already produced for another window that holds the same
      // acquisition is answered with this request's window, not the one it was first ordered with.
      dateDebut: asked?.start ?? row.startDate,
      dateFin: asked?.end ?? row.endDate,
    };
  }

  /** The PNG's size when every stored file of the result is there and readable, else null (lost or damaged). */
  async function storedFilesSize(row: ResultRow): Promise<{ width: number; height: number } | null> {
    const [size, values, tiff] = await Promise.all([
      storedPngSize(storage, row.imageKey),
      row.valuesKey ? storage.exists(row.valuesKey) : true,
      row.tiffKey ? storage.exists(row.tiffKey) : true,
    ]);
    return size && values && tiff ? size : null;
  }

  /**
   * An already-produced image, answered from its stored files. When they are lost or damaged the image is
   * computed again from the same scene and stored under new keys — never charged again: it was paid for once.
   * `selection` is the scene already selected for this request, when there is one.
   */
  async function fromStore(
    index: IndexRecord,
    row: ResultRow,
    request: RenderRequest,
    deadline: Deadline,
    selection?: SceneSelection,
  ): Promise<GenerateImageAnswer> {
    const window = { start: request.start, end: request.end };
    const size = await storedFilesSize(row);
    if (size) return answer(index, row, true, size, window);

    let scene = selection;
    if (!scene) {
      // The scene's own day: the selection finds that acquisition again.
      const day = row.sceneDatetime.toISOString().slice(0, 10);
      scene = await imagery.selectScene({ ...request, start: day, end: day }, deadline).catch((e: unknown) => {
        throw apiErrorOf(e, window);
      });
      if (scene.scene.id !== row.sceneId) throw new AppError('CATALOG_UNAVAILABLE');
    }
    const map = await imagery.render(scene, request, deadline).catch((e: unknown) => {
      throw apiErrorOf(e, window);
    });
    const keys = await storeResultFiles(storage, resultKeyBase(row.userId, row.parcelId, index.code, row.sceneId), map);
    const stored = await replaceStoredFiles(keys, row, {
      replace: (fresh) => repo.replaceFiles(row.id, row.imageKey, fresh),
      current: () => repo.resultById(row.id),
      remove: (files) => removeResultFiles(storage, files),
    });
    // Repaired by a parallel request first: the size is read from its files.
    const ours = stored.repaired ? { width: map.width, height: map.height } : undefined;
    return answer(index, stored.row, true, ours, window);
  }

  /** The size an already-produced image was requested at (`…-w512h512` at the end of its legend hash). */
  function requestedSize(row: ResultRow, fallback: { width: number; height: number }) {
    const match = /-w(\d+)h(\d+)$/.exec(row.legendHash);
    return match ? { width: Number(match[1]), height: Number(match[2]) } : fallback;
  }

  return {
    prepareRequest,
    sceneErrorOf,
    /**
     * POST /images/{indexName}: checks (index, parcel ownership, subscription, plan, quota), then scene choice,
     * the already-produced lookup, the computation and the files — all before the one transaction that records
     * the result and charges the request. Only a delivered new image is charged.
     */
    async generate({
      ctx,
      indexName,
      input,
    }: {
      ctx: AuthedCtx;
      indexName: string;
      input: GenerateImageBody;
    }): Promise<GenerateImageAnswer> {
      const { index, parcel, quota, legend, style } = await prepareRequest(ctx, indexName, input);
      const legendHash = `${style}-w${input.width}h${input.height}`;
      const window = { start: input.startDate, end: input.endDate };

      const request: RenderRequest = {
        geometry: parcel.geom,
        index: index.code,
        start: window.start,
        end: window.end,
        legend: legend.length > 0 ? legend : undefined,
        width: input.width,
        height: input.height,
      };
      const deadline = imagery.deadline();

      if (quota.usage.used >= quota.usage.total) {
        // No new engine work once the quota is spent — but an image already paid for stays available (and is
        // computed again, free, if its files were lost).
        const stored = await repo.resultInWindow(parcel.id, index.id, style, window.start, window.end);
        if (stored) return fromStore(index, stored, { ...request, ...requestedSize(stored, input) }, deadline);
        throw new QuotaExhaustedError(index.code, quota.usage.used, quota.usage.total);
      }

      const selection = await imagery.selectScene(request, deadline).catch(async (e: unknown) => {
        throw await sceneErrorOf(e, parcel.geom, window);
      });
      const existing = await repo.resultByKey(parcel.id, index.id, selection.scene.id, legendHash);
      if (existing) return fromStore(index, existing, request, deadline, selection);

      const map = await imagery.render(selection, request, deadline).catch((e: unknown) => {
        throw apiErrorOf(e, window);
      });
      const keys = await storeResultFiles(
        storage,
        resultKeyBase(ctx.actor.id, parcel.id, index.code, map.scene.id),
        map,
      );
      const delivery = await repo
        .deliver(quota.usage.id, {
          userId: ctx.actor.id,
          parcelId: parcel.id,
          indexId: index.id,
          subscriptionId: quota.subscriptionId,
          sceneId: map.scene.id,
          sceneDatetime: new Date(map.scene.datetime),
          startDate: window.start,
          endDate: window.end,
          legendHash,
          stats: toResultStats(map.stats, 'an image without valid pixels'),
          bounds: map.bounds,
          cloudFraction: map.scene.cloudFraction,
          validFraction: map.stats.validFraction,
          ...keys,
        })
        .catch(async (error: unknown) => {
          await removeResultFiles(storage, keys);
          throw error;
        });
      if (delivery.kind !== 'charged') await removeResultFiles(storage, keys);
      if (delivery.kind === 'exhausted') throw new QuotaExhaustedError(index.code, delivery.used, delivery.total);
      return delivery.kind === 'charged'
        ? answer(index, delivery.row, false, { width: map.width, height: map.height })
        : answer(index, delivery.row, true, undefined, window);
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
