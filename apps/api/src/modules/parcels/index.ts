import type { Db } from '@filaha/db';
import type { FastifyPluginAsync } from 'fastify';
import { createParcelsRepository } from './parcels.repository.ts';
import { parcelsRoutes } from './parcels.routes.ts';
import { createParcelsService } from './parcels.service.ts';

/** Parcels: repository → service → routes, wired with one registration. */
export const parcelsModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  await app.register(parcelsRoutes, { parcels: createParcelsService(createParcelsRepository(db)) });
};
