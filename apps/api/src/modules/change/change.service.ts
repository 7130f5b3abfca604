import { CHANGE_THRESHOLD_STEPS, type ChangeAnswer, type ChangeBody } from '@filaha/shared/contracts';
import type { AuthedCtx } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import type { Imagery, RenderRequest } from '../../lib/imagery/imagery.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import {
  apiErrorOf,
  QuotaExhaustedError,
  replaceStoredFiles,
  settleDelivery,
  toResultStats,
  type IndexRecord,
  type RenderChecks,
} from '../images/public.ts';
import { changeKeyBase, removeChangeFiles, storeChangeFiles } from './change-files.ts';
import { day, toChangeAnswer } from './change.presenter.ts';
import type { ChangeRepository, ChangeRow } from './change.repository.ts';

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

export interface ChangeServiceDeps {
  changes: ChangeRepository;
  /** The images module's request checks: index, parcel owner, subscription, plan, quota, legend, style. */
  checks: Pick<RenderChecks, 'prepareRequest' | 'sceneErrorOf'>;
  imagery: Imagery;
  storage: ObjectStorage;
}

export function createChangeService({ changes, checks, imagery, storage }: ChangeServiceDeps) {
  const answer = (index: IndexRecord, row: ChangeRow, cached: boolean, threshold: number) =>
    toChangeAnswer(storage, imagery.minValidFraction, index, row, cached, threshold);

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
      changeKeyBase(row.userId, row.parcelId, index.code, earlier, later),
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
      const { index, parcel, quota, legend, style } = await checks.prepareRequest(ctx, indexName, input);
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
          throw await checks.sceneErrorOf(e, parcel.geom, { start: window.startDate, end: window.endDate });
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
      const base = changeKeyBase(ctx.actor.id, parcel.id, index.code, earlier, later);
      const keys = await storeChangeFiles(storage, base, map);
      const delivery = await settleDelivery(
        index.code,
        changes.deliver(quota.usage.id, {
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
        }),
        () => removeChangeFiles(storage, keys),
      );
      return answer(index, delivery.row, delivery.kind === 'duplicate', input.threshold);
    },
  };
}

export type ChangeService = ReturnType<typeof createChangeService>;
