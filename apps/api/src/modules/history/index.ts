import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createHistoryRepository } from './history.repository.ts';
import { historyRoutes } from './history.routes.ts';
import { createHistoryService } from './history.service.ts';

/**
 * GET /request/images and /request/image, with signed URLs from `app.storage`. Every result shows the
 * deployment's MIN_VALID_FRACTION.
 */
const history: FastifyPluginAsync = async (app) => {
  const service = createHistoryService(
    createHistoryRepository(app.database.db),
    app.storage,
    app.config.minValidFraction,
  );
  await app.register(historyRoutes, { history: service });
};

export const historyModule = fp(history, {
  name: 'history',
  dependencies: ['platform', 'auth', 'storage'],
  encapsulate: true,
});
