import { randomBytes } from 'node:crypto';
import { CHANGE_LEGEND, encodeValuesGrid, type ChangeMapResult } from '@filaha/imagery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed, type AuthedCtx } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import type { Imagery, RenderRequest } from './imagery.ts';
import type { ChangeRepository, ChangeRow } from './images.change.repository.ts';
import { QuotaExhaustedError } from './images.errors.ts';
import type { IndexRecord } from './images.repository.ts';
import { IMAGE_ROLES } from './images.routes.ts';
import {
  CHANGE_THRESHOLD_STEPS,
  imagesContract as contract,
  type ChangeAnswer,
  type ChangeBody,
} from '@filaha/shared/contracts';
import { fromContract } from '../../core/contract-route.ts';
import { apiErrorOf, toResultStats, type ImagesService } from './images.service.ts';
import { CONTENT_TYPES, replaceStoredFiles, SIGNED_URL_TTL_SECONDS } from './result-files.ts';

/** Object-key prefix of change maps (listed in lib/storage/references.ts for the orphan sweep). */
export const CHANGE_KEY_PREFIX = 'change-results/';

export interface ChangeKeys {
  imageKey: string;
  valuesKey: string;
  tiffKey: string;
  earlierImageKey: string;
  laterImageKey: string;
}

const safe = (text: string, max: number) => text.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, max) || 'x';

async function removeChangeFiles(storage: ObjectStorage, keys: ChangeKeys) {
  const all = [keys.imageKey, keys.valuesKey, keys.tiffKey, keys.earlierImageKey, keys.laterImageKey];
  await Promise.allSettled(all.map((k) => storage.delete(k)));
}

/** Written before the charging transaction; a random part per attempt so a losing attempt removes only its own. */
async function storeChangeFiles(
  storage: ObjectStorage,
  base: string,
  map: NonNullable<ChangeMapResult['map']>,
): Promise<ChangeKeys> {
  const keys: ChangeKeys = {
    imageKey: `${base}.png`,
    valuesKey: `${base}.fvg`,
    tiffKey: `${base}.tif`,
    earlierImageKey: `${base}-earlier.png`,
    laterImageKey: `${base}-later.png`,
  };
  try {
    await Promise.all([
      storage.put(keys.imageKey, map.png, CONTENT_TYPES.png),
      storage.put(keys.valuesKey, encodeValuesGrid(map.valuesGrid), CONTENT_TYPES.values),
      storage.put(keys.tiffKey, map.geotiff, CONTENT_TYPES.tiff),
      storage.put(keys.earlierImageKey, map.earlierPng, CONTENT_TYPES.png),
      storage.put(keys.laterImageKey, map.laterPng, CONTENT_TYPES.png),
    ]);
  } catch (error) {
    await removeChangeFiles(storage, keys);
    throw error;
  }
  return keys;
}

/** fellCounts[k]: common valid pixels whose difference is below −(k + 1) / 100 (the same test as the engine's). */
export function fellCountsOf(difference: Float32Array): number[] {
  const counts = new Array<number>(CHANGE_THRESHOLD_STEPS).fill(0);
  for (const d of difference) {
    if (Number.isNaN(d)) continue;
    for (let k = 0; k < CHANGE_THRESHOLD_STEPS; k++) {
      if (d < -(k + 1) / 100) counts[k]!++;
      else break;
    }
  }
  return counts;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** Object keys of one attempt: a random part so a losing attempt removes only its own files. */
function keyBase(
  userId: number,
  parcelId: number,
  indexCode: string,
  earlier: { scene: { id: string } },
  later: { scene: { id: string } },
): string {
  return `${CHANGE_KEY_PREFIX}u${userId}/p${parcelId}/${safe(indexCode, 16)}_${safe(earlier.scene.id, 64)}_${safe(later.scene.id, 64)}_${randomBytes(6).toString('hex')}`;
}

export interface ChangeServiceDeps {
  changes: ChangeRepository;
  images: Pick<ImagesService, 'prepareRequest' | 'sceneErrorOf'>;
  imagery: Imagery;
  storage: ObjectStorage;
}

export function createChangeService({ changes, images, imagery, storage }: ChangeServiceDeps) {
  function answer(index: IndexRecord, row: ChangeRow, cached: boolean, threshold: number): ChangeAnswer {
    const ttl = SIGNED_URL_TTL_SECONDS;
    const fellCount = row.fellCounts[Math.round(threshold * 100) - 1] ?? 0;
    const name = `${safe(index.code, 16)}_parcelle-${row.parcelId}_${day(row.earlierDatetime)}_${day(row.laterDatetime)}_change.tif`;
    const date = (which: 'earlier' | 'later') => ({
      scene: {
        id: which === 'earlier' ? row.earlierSceneId : row.laterSceneId,
        datetime: (which === 'earlier' ? row.earlierDatetime : row.laterDatetime).toISOString(),
        cloudFraction: which === 'earlier' ? row.earlierCloudFraction : row.laterCloudFraction,
      },
      imageUrl: storage.signedUrl(which === 'earlier' ? row.earlierImageKey : row.laterImageKey, ttl),
      stats: which === 'earlier' ? row.earlierStats : row.laterStats,
      startDate: which === 'earlier' ? row.earlierStart : row.laterStart,
      endDate: which === 'earlier' ? row.earlierEnd : row.laterEnd,
    });
    return {
      success: true,
      changeId: row.id,
      cached,
      index: index.code,
      imageUrl: storage.signedUrl(row.imageKey, ttl),
      valuesUrl: storage.sameOriginUrl(row.valuesKey, ttl),
      downloadUrl: storage.signedUrl(row.tiffKey, ttl, { downloadName: name }),
      width: row.width,
      height: row.height,
      bounds: row.bounds,
      stats: row.stats,
      threshold,
      fellCount,
      fellFraction: row.stats.count === 0 ? 0 : fellCount / row.stats.count,
      alignment: row.alignment,
      legend: [...CHANGE_LEGEND],
      minValidFraction: imagery.minValidFraction,
      earlier: date('earlier'),
      later: date('later'),
    };
  }

  /**
   * A stored change answered from its files; when one of them is lost or damaged, the pair is computed again
   * from the same two acquisitions and stored under new keys — never charged again: it was paid for once.
   */
  async function fromStore(
    index: IndexRecord,
    row: ChangeRow,
    request: (window: { startDate: string; endDate: string }) => RenderRequest,
    threshold: number,
  ): Promise<ChangeAnswer> {
    const keys = [row.imageKey, row.valuesKey, row.tiffKey, row.earlierImageKey, row.laterImageKey];
    const present = await Promise.all(keys.map((k) => storage.exists(k)));
    if (present.every(Boolean)) return answer(index, row, true, threshold);

    const deadline = imagery.deadline();
    const reselect = async (sceneId: string, datetime: Date) => {
      // The acquisition's own day: the selection finds that acquisition again.
      const window = { startDate: day(datetime), endDate: day(datetime) };
      const selection = await imagery.selectScene(request(window), deadline).catch((e: unknown) => {
        throw apiErrorOf(e, { start: window.startDate, end: window.endDate });
      });
      if (selection.scene.id !== sceneId) throw new AppError('CATALOG_UNAVAILABLE');
      return selection;
    };
    const [earlier, later] = await Promise.all([
      reselect(row.earlierSceneId, row.earlierDatetime),
      reselect(row.laterSceneId, row.laterDatetime),
    ]);
    const change = await imagery
      .change(earlier, later, { ...request({ startDate: row.laterStart, endDate: row.laterEnd }), threshold }, deadline)
      .catch((e: unknown) => {
        throw apiErrorOf(e, { start: row.laterStart, end: row.laterEnd });
      });
    const fresh = await storeChangeFiles(
      storage,
      keyBase(row.userId, row.parcelId, index.code, earlier, later),
      change.map!,
    );
    const stored = await replaceStoredFiles(fresh, row, {
      replace: (files) => changes.replaceFiles(row.id, row.imageKey, files),
      current: () => changes.byId(row.id),
      remove: (files) => removeChangeFiles(storage, files),
    });
    return answer(index, stored.row, true, threshold);
  }

  return {
    /**
     * POST /images/{indexName}/change: the image request's checks (index, owner, subscription, plan, quota),
     * each window resolved to its clearest acquisition, the stored pair looked up, else the change computed and
     * its files written — all before the one transaction that records the pair and charges one request.
     */
    async generate({ ctx, indexName, input }: { ctx: AuthedCtx; indexName: string; input: ChangeBody }) {
      const { index, parcel, quota, legend, style } = await images.prepareRequest(ctx, indexName, input);
      const basis = `${style}-w${input.width}h${input.height}`;
      const request = (window: { startDate: string; endDate: string }): RenderRequest => ({
        geometry: parcel.geom,
        index: index.code,
        start: window.startDate,
        end: window.endDate,
        legend: legend.length > 0 ? legend : undefined,
        width: input.width,
        height: input.height,
      });

      if (quota.usage.used >= quota.usage.total) {
        // No new engine work once the quota is spent; a change already paid for stays available.
        const stored = await changes.inWindows(parcel.id, index.id, style, input.earlier, input.later);
        if (stored) return fromStore(index, stored, request, input.threshold);
        throw new QuotaExhaustedError(index.code, quota.usage.used, quota.usage.total);
      }

      const deadline = imagery.deadline();
      const select = (window: { startDate: string; endDate: string }) =>
        imagery.selectScene(request(window), deadline).catch(async (e: unknown) => {
          throw await images.sceneErrorOf(e, parcel.geom, { start: window.startDate, end: window.endDate });
        });
      const [earlier, later] = await Promise.all([select(input.earlier), select(input.later)]);
      const existing = await changes.byKey(parcel.id, index.id, earlier.scene.id, later.scene.id, basis);
      if (existing) return fromStore(index, existing, request, input.threshold);

      const change = await imagery
        .change(earlier, later, { ...request(input.later), threshold: input.threshold }, imagery.deadline())
        .catch((e: unknown) => {
          const laterId = later.acquisition.id;
          const which = (e as { bestSceneId?: string }).bestSceneId === laterId ? input.later : input.earlier;
          throw apiErrorOf(e, { start: which.startDate, end: which.endDate });
        });
      const map = change.map!;
      const base = keyBase(ctx.actor.id, parcel.id, index.code, earlier, later);
      const keys = await storeChangeFiles(storage, base, map);
      const delivery = await changes
        .deliver(quota.usage.id, {
          userId: ctx.actor.id,
          parcelId: parcel.id,
          indexId: index.id,
          subscriptionId: quota.subscriptionId,
          basis,
          earlierSceneId: change.earlier.scene.id,
          earlierDatetime: new Date(change.earlier.scene.datetime),
          earlierCloudFraction: change.earlier.scene.cloudFraction,
          earlierStats: change.earlier.stats,
          laterSceneId: change.later.scene.id,
          laterDatetime: new Date(change.later.scene.datetime),
          laterCloudFraction: change.later.scene.cloudFraction,
          laterStats: change.later.stats,
          earlierStart: input.earlier.startDate,
          earlierEnd: input.earlier.endDate,
          laterStart: input.later.startDate,
          laterEnd: input.later.endDate,
          alignment: change.alignment,
          stats: toResultStats(change.stats, 'a change without common valid pixels'),
          fellCounts: fellCountsOf(change.difference),
          bounds: map.bounds,
          width: map.width,
          height: map.height,
          ...keys,
        })
        .catch(async (error: unknown) => {
          await removeChangeFiles(storage, keys);
          throw error;
        });
      if (delivery.kind !== 'charged') await removeChangeFiles(storage, keys);
      if (delivery.kind === 'exhausted') throw new QuotaExhaustedError(index.code, delivery.used, delivery.total);
      return answer(index, delivery.row, delivery.kind === 'duplicate', input.threshold);
    },
  };
}

export type ChangeService = ReturnType<typeof createChangeService>;

/** Farmers only, like POST /images/{indexName}: staff have no quota of their own to spend. */
export const changeRoutes: FastifyPluginAsyncZod<{ change: ChangeService }> = async (app, { change }) => {
  app.route({
    ...fromContract(contract.change),
    onRequest: app.requireRole(...IMAGE_ROLES),
    handler: (request) =>
      change.generate({ ctx: authed(request), indexName: request.params.indexName, input: request.body }),
  });
};
