import type { Db } from '@filaha/db';
import type { CatalogCoverage } from '../../lib/imagery/coverage.ts';
import { createRenderChecks } from './images.checks.ts';
import { createImagesRepository, type ImagesRepository } from './images.repository.ts';

/**
 * What other modules may use of the images module (.dependency-cruiser.mjs refuses their imports of its other
 * files): stored results' URLs (history), and what a change map shares with an index image (the change module:
 * the request checks and quota, the charging transaction, the engine's errors, the result-file helpers), and the
 * lookups the season curve's access rule reads (the season module).
 */
export { downloadName, resultUrls, CONTENT_TYPES, replaceStoredFiles, SIGNED_URL_TTL_SECONDS } from './result-files.ts';
export { apiErrorOf, toResultStats, type RenderChecks } from './images.checks.ts';
export { settleDelivery } from './images.delivery.ts';
export { QuotaExhaustedError } from './images.errors.ts';
export { chargeRecorded, type Charged, type IndexRecord } from './images.repository.ts';
export { IMAGE_ROLES } from './images.routes.ts';

/** The checks an image request starts with (index, parcel owner, subscription, plan, quota, legend, style). */
export function createImageRequestChecks(db: Db, coverage?: CatalogCoverage) {
  return createRenderChecks({ repo: createImagesRepository(db), coverage });
}

/** A parcel, an index by code or name, and a user's subscriptions seen from one index (newest first). */
export type ImageryLookups = Pick<ImagesRepository, 'findParcel' | 'findIndex' | 'subscriptionsFor'>;

export function createImageryLookups(db: Db): ImageryLookups {
  const { findParcel, findIndex, subscriptionsFor } = createImagesRepository(db);
  return { findParcel, findIndex, subscriptionsFor };
}
