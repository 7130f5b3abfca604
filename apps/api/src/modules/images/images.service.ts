import type { GenerateImageAnswer, GenerateImageBody, ImageryCoverage } from '@filaha/shared/contracts';
import type { AuthedCtx } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import type { CatalogCoverage } from '../../lib/imagery/coverage.ts';
import type { Imagery, RenderRequest } from '../../lib/imagery/imagery.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import { apiErrorOf, createRenderChecks, toResultStats, type RenderChecks } from './images.checks.ts';
import { settleDelivery } from './images.delivery.ts';
import { QuotaExhaustedError } from './images.errors.ts';
import { createLatestImages, type LatestImageOptions } from './images.latest.ts';
import type { ImagesRepository } from './images.repository.ts';
import { createStoredImages, requestedSize, type StoredImages } from './images.stored.ts';
import { removeResultFiles, resultKeyBase, storeResultFiles } from './result-files.ts';

export interface ImagesServiceDeps {
  repo: ImagesRepository;
  imagery: Imagery;
  storage: ObjectStorage;
  /** The catalog's footprint: a NO_SCENE for a parcel outside it answers OUTSIDE_COVERAGE instead. */
  coverage?: CatalogCoverage;
  /** The latest-image searches' clock and threshold (tests); the UTC day and the engine's by default. */
  latest?: Pick<LatestImageOptions, 'today' | 'minValidFraction'>;
}

interface GenerateDeps extends ImagesServiceDeps {
  checks: RenderChecks;
  stored: StoredImages;
}

/**
 * POST /images/{indexName}: checks (index, parcel ownership, subscription, plan, quota), then scene choice, the
 * already-produced lookup, the computation and the files — all before the one transaction that records the result
 * and charges the request. Only a delivered new image is charged.
 */
async function generateImage(
  { repo, imagery, storage, checks, stored }: GenerateDeps,
  { ctx, indexName, input }: { ctx: AuthedCtx; indexName: string; input: GenerateImageBody },
): Promise<GenerateImageAnswer> {
  const { index, parcel, quota, legend, style } = await checks.prepareRequest(ctx, indexName, input);
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
    const paid = await repo.resultInWindow(parcel.id, index.id, style, window.start, window.end);
    if (paid) return stored.fromStore(index, paid, { ...request, ...requestedSize(paid, input) }, deadline);
    throw new QuotaExhaustedError(index.code, quota.usage.used, quota.usage.total);
  }

  const selection = await imagery.selectScene(request, deadline).catch(async (e: unknown) => {
    throw await checks.sceneErrorOf(e, parcel.geom, window);
  });
  const existing = await repo.resultByKey(parcel.id, index.id, selection.scene.id, legendHash);
  if (existing) return stored.fromStore(index, existing, request, deadline, selection);

  const map = await imagery.render(selection, request, deadline).catch((e: unknown) => {
    throw apiErrorOf(e, window);
  });
  const keys = await storeResultFiles(storage, resultKeyBase(ctx.actor.id, parcel.id, index.code, map.scene.id), map);
  const delivery = await settleDelivery(
    index.code,
    repo.deliver(quota.usage.id, {
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
    }),
    () => removeResultFiles(storage, keys),
  );
  return delivery.kind === 'charged'
    ? stored.answer(index, delivery.row, false, { width: map.width, height: map.height })
    : stored.answer(index, delivery.row, true, undefined, window);
}

/** GET /images/coverage: the catalog's footprint; unreadable → 503 CATALOG_UNAVAILABLE. */
async function catalogFootprint(coverage: CatalogCoverage | undefined): Promise<ImageryCoverage> {
  try {
    if (!coverage) throw new Error('no catalog coverage configured');
    return await coverage.get();
  } catch (error) {
    throw Object.assign(new AppError('CATALOG_UNAVAILABLE'), { cause: error });
  }
}

/** The images module's routes, one call each: an index image (charged), the latest acquisitions, the coverage. */
export function createImagesService(deps: ImagesServiceDeps) {
  const { repo, imagery, coverage } = deps;
  const generate = { ...deps, checks: createRenderChecks({ repo, coverage }), stored: createStoredImages(deps) };
  const latest = createLatestImages({ repo, imagery, ...deps.latest });
  return {
    generate: (args: Parameters<typeof generateImage>[1]) => generateImage(generate, args),
    latestAcquisition: latest.latestAcquisition,
    latestClear: latest.latestClear,
    coverage: () => catalogFootprint(coverage),
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
