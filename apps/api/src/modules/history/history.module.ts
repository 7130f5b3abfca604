import type { Database } from '@filaha/db';
import type { FastifyPluginAsync } from 'fastify';
import { createHistoryRepository } from './history.repository.ts';
import { historyRoutes } from './history.routes.ts';
import { createHistoryService } from './history.service.ts';

/**
 * GET /request/images and /request/image. Needs `app.storage` registered before it (signed URLs).
 * `minValidFraction`: the deployment's MIN_VALID_FRACTION, shown with every result (engine default when omitted).
 */
export const historyModule: FastifyPluginAsync<{ database: Database; minValidFraction?: number }> = async (
  app,
  { database, minValidFraction },
) => {
  if (!app.hasDecorator('storage')) throw new Error('history module: register storagePlugin before it');
  const history = createHistoryService(createHistoryRepository(database.db), app.storage, minValidFraction);
  await app.register(historyRoutes, { history });
};
