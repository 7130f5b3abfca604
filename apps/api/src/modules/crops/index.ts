import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createCropsRepository } from './crops.repository.ts';
import { cropsRoutes } from './crops.routes.ts';
import { createCropsService } from './crops.service.ts';

/** A parcel's crop per season (issue 30 §2): repository → service → routes. */
const crops: FastifyPluginAsync = async (app) => {
  await app.register(cropsRoutes, { service: createCropsService(createCropsRepository(app.database.db)) });
};

export const cropsModule = fp(crops, { name: 'crops', dependencies: ['platform', 'auth'], encapsulate: true });
