import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createServiceRequestsRepository } from './service-requests.repository.ts';
import { serviceRequestsRoutes } from './service-requests.routes.ts';
import { createServiceRequestsService } from './service-requests.service.ts';

/** Service requests of the services page, wired with one registration. */
const services: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  await app.register(serviceRequestsRoutes, {
    serviceRequests: createServiceRequestsService(createServiceRequestsRepository(db)),
  });
};

export const servicesModule = fp(services, { name: 'services', dependencies: ['platform', 'auth'], encapsulate: true });
