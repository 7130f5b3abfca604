import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createImageRequestChecks } from '../images/public.ts';
import { createChangeRepository } from './change.repository.ts';
import { changeRoutes } from './change.routes.ts';
import { createChangeService } from './change.service.ts';

/**
 * POST /images/{indexName}/change: the change between two dates, charged like an image (the images module's
 * request checks and charging transaction), once per acquisition pair (change_results, migration 0013).
 * Repository → service → routes, on the app's engine (`app.imagery`) and store (`app.storage`).
 */
const change: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const service = createChangeService({
    changes: createChangeRepository(db),
    checks: createImageRequestChecks(db, app.catalogCoverage),
    imagery: app.imagery,
    storage: app.storage,
  });
  await app.register(changeRoutes, { change: service });
};

export const changeModule = fp(change, {
  name: 'change',
  dependencies: ['platform', 'auth', 'storage', 'imagery'],
  encapsulate: true,
});
