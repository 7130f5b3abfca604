import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createImagery, imageryOptionsFromConfig } from './imagery.ts';
import { changeRoutes, createChangeService } from './images.change.ts';
import { createChangeRepository } from './images.change.repository.ts';
import { coverageRoutes, createCatalogCoverage } from './images.coverage.ts';
import { latestImageRoutes } from './images.latest.ts';
import { createImagesRepository } from './images.repository.ts';
import { imagesRoutes } from './images.routes.ts';
import { seriesRoutes } from './images.series.ts';
import { createImagesService } from './images.service.ts';

/**
 * POST /images/{indexName}, GET /images/latest-acquisition and /images/latest-clear. The imagery catalog (and
 * its COG tile cache) is created here once per app, from `app.config`. Results go to `app.storage`
 * (lib/storage/plugin.ts, registered before it in the same scope).
 */
const images: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const { db } = app.database;
  const imagery = createImagery({
    ...imageryOptionsFromConfig(config),
    warn: (message) => app.log.warn({ module: 'imagery' }, message),
  });
  const repo = createImagesRepository(db);
  const coverage = createCatalogCoverage(imagery.catalog);
  const service = createImagesService({
    repo,
    imagery,
    storage: app.storage,
    coverage,
  });
  await app.register(imagesRoutes, { images: service });
  // Change between two dates: charged like an image, once per acquisition pair (change_results, 0013).
  const change = createChangeService({
    changes: createChangeRepository(db),
    images: service,
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
    db,
    repo,
    imagery,
    dailyLimit: config.seriesDailyLimit,
  });
};

export const imagesModule = fp(images, {
  name: 'images',
  dependencies: ['platform', 'auth', 'storage'],
  encapsulate: true,
});
