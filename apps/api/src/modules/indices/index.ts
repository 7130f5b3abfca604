import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createParcelsOfUser } from '../parcels/public.ts';
import { createAssignmentsRepository } from './assignments.repository.ts';
import { createAssignmentsService } from './assignments.service.ts';
import { createIndicesRepository } from './indices.repository.ts';
import { indicesRoutes } from './indices.routes.ts';
import { createIndicesService } from './indices.service.ts';
import { createLegendsRepository } from './legends.repository.ts';
import { legendsRoutes } from './legends.routes.ts';
import { createLegendsService } from './legends.service.ts';

/** Indices, legends, plan ↔ index assignments and the farmer's index config, wired with one registration. */
const indices: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  await app.register(indicesRoutes, {
    indices: createIndicesService(createIndicesRepository(db), createParcelsOfUser(db)),
  });
  await app.register(legendsRoutes, {
    legends: createLegendsService(createLegendsRepository(db)),
    assignments: createAssignmentsService(createAssignmentsRepository(db)),
  });
};

export const indicesModule = fp(indices, { name: 'indices', dependencies: ['platform', 'auth'], encapsulate: true });
