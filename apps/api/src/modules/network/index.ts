import type { Db } from '@filaha/db';
import type { FastifyPluginAsync } from 'fastify';
import { createNetworkRepository } from './network.repository.ts';
import { networkRoutes } from './network.routes.ts';
import { createNetworkService } from './network.service.ts';

/** The farmers' network (suggestions, hidden suggestions): repository → service → routes. */
export const networkModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  await app.register(networkRoutes, { service: createNetworkService(createNetworkRepository(db)) });
};
