import type { Db } from '@filaha/db';
import type { FastifyPluginAsync } from 'fastify';
import { createServiceRequestsRepository } from './service-requests.repository.ts';
import { serviceRequestsRoutes } from './service-requests.routes.ts';
import { createServiceRequestsService } from './service-requests.service.ts';

/** Service requests of the services page, wired with one registration. */
export const servicesModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  await app.register(serviceRequestsRoutes, {
    serviceRequests: createServiceRequestsService(createServiceRequestsRepository(db)),
  });
};
