import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createNetworkRepository } from './network.repository.ts';
import { networkRoutes } from './network.routes.ts';
import { createNetworkService } from './network.service.ts';

/** The farmers' network (suggestions, hidden suggestions): repository → service → routes. */
const network: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  await app.register(networkRoutes, { service: createNetworkService(createNetworkRepository(db)) });
};

export const networkModule = fp(network, { name: 'network', dependencies: ['platform', 'auth'], encapsulate: true });
