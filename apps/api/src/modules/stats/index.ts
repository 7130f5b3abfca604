import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createStatsRepository } from './stats.repository.ts';
import { statsRoutes } from './stats.routes.ts';

/** Figures for the manager's dashboard that no list route gives: repository → routes (stats.ts computes). */
const stats: FastifyPluginAsync = async (app) => {
  await app.register(statsRoutes, { repo: createStatsRepository(app.database.db) });
};

export const statsModule = fp(stats, { name: 'stats', dependencies: ['platform', 'auth'], encapsulate: true });
