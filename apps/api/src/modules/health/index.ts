import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { healthRoutes } from './health.routes.ts';

export { storageStatusPlugin } from './storage-status.ts';

/** GET /health: the database's migration state, and what storage-status.ts finds wrong. */
const health: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes, { database: app.database, storage: app.storageStatus });
};

export const healthModule = fp(health, {
  name: 'health',
  dependencies: ['platform', 'storage-status'],
  encapsulate: true,
});
