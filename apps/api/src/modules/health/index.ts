import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { healthRoutes } from './health.routes.ts';

/** GET /health: the database's migration state. */
const health: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes, { database: app.database });
};

export const healthModule = fp(health, { name: 'health', dependencies: ['platform'], encapsulate: true });
