import type { Database } from '@filaha/db';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import { createImagery, imageryOptionsFromConfig, type Imagery } from './imagery.ts';
import { changeRoutes, createChangeService } from './images.change.ts';
import { createChangeRepository } from './images.change.repository.ts';
import { coverageRoutes, createCatalogCoverage } from './images.coverage.ts';
import { latestImageRoutes } from './images.latest.ts';
import { createImagesRepository } from './images.repository.ts';
import { imagesRoutes } from './images.routes.ts';
import { seriesRoutes } from './images.series.ts';
import { createImagesService } from './images.service.ts';

export interface ImagesModuleOptions {
  database: Database;
  config: Pick<Config, 'stacApiUrl' | 'stacCatalogPath'> &
    Partial<Pick<Config, 'stacCollections' | 'minValidFraction' | 'cloudBufferM' | 'seriesDailyLimit'>>;
  /** Replaces the engine built from config (tests with short timeouts). */
  imagery?: Imagery;
}

/**
 * POST /images/{indexName}, GET /images/latest-acquisition and /images/latest-clear. The imagery catalog (and
 * its COG tile cache) is created here once per app.
 * Needs `app.storage` (lib/storage/plugin.ts) registered before it in the same scope.
 */
export const imagesModule: FastifyPluginAsync<ImagesModuleOptions> = async (app, options) => {
  if (!app.hasDecorator('storage')) throw new Error('images module: register storagePlugin before it');
  const imagery =
    options.imagery ??
    createImagery({
      ...imageryOptionsFromConfig(options.config),
      warn: (message) => app.log.warn({ module: 'imagery' }, message),
    });
  const repo = createImagesRepository(options.database.db);
  const coverage = createCatalogCoverage(imagery.catalog);
  const images = createImagesService({
    repo,
    imagery,
    storage: app.storage,
    coverage,
  });
  await app.register(imagesRoutes, { images });
  // Change between two dates: charged like an image, once per acquisition pair (change_results, 0013).
  const change = createChangeService({
    repo,
    changes: createChangeRepository(options.database.db),
    images,
    imagery,
    storage: app.storage,
  });
  await app.register(changeRoutes, { change });
  // Staff: where the catalog has imagery (the admin parcel map warns before a parcel is drawn outside it).
  await app.register(coverageRoutes, { coverage });
  // The farm map's default window and "latest clear image": catalog searches only, never charged.
  await app.register(latestImageRoutes, { repo, imagery });
  // Season curves: stored per parcel × index × acquisition, included in the subscription (fair use per day).
  await app.register(seriesRoutes, {
    db: options.database.db,
    repo,
    imagery,
    dailyLimit: options.config.seriesDailyLimit ?? 200,
  });
};
