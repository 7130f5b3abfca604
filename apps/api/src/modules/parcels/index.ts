import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createParcelsRepository } from './parcels.repository.ts';
import { parcelsRoutes } from './parcels.routes.ts';
import { createParcelsService } from './parcels.service.ts';

/** Parcels: repository → service → routes, wired with one registration. */
const parcels: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  await app.register(parcelsRoutes, { parcels: createParcelsService(createParcelsRepository(db)) });
};

export const parcelsModule = fp(parcels, { name: 'parcels', dependencies: ['platform', 'auth'], encapsulate: true });
