import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createImagesRepository } from './images.repository.ts';
import { imagesRoutes } from './images.routes.ts';
import { createImagesService } from './images.service.ts';

/**
 * POST /images/{indexName}, GET /images/latest-acquisition, /images/latest-clear and /images/coverage:
 * repository → service → routes. The engine and the catalog's coverage are the app's (`app.imagery`,
 * `app.catalogCoverage`: lib/imagery/plugin.ts); results go to `app.storage` (lib/storage/plugin.ts).
 */
const images: FastifyPluginAsync = async (app) => {
  const service = createImagesService({
    repo: createImagesRepository(app.database.db),
    imagery: app.imagery,
    storage: app.storage,
    coverage: app.catalogCoverage,
  });
  await app.register(imagesRoutes, { images: service });
};

export const imagesModule = fp(images, {
  name: 'images',
  dependencies: ['platform', 'auth', 'storage', 'imagery'],
  encapsulate: true,
});
