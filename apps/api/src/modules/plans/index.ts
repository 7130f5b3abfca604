import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createFunctionalitiesRepository } from './functionalities.repository.ts';
import { createFunctionalitiesService } from './functionalities.service.ts';
import { createPlansRepository } from './plans.repository.ts';
import { plansRoutes } from './plans.routes.ts';
import { createPlansService } from './plans.service.ts';

/** Plans (abonnement) and functionalities: repositories → services → routes, wired with one registration. */
const plans: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  await app.register(plansRoutes, {
    plans: createPlansService(createPlansRepository(db)),
    functionalities: createFunctionalitiesService(createFunctionalitiesRepository(db)),
  });
};

export const plansModule = fp(plans, { name: 'plans', dependencies: ['platform', 'auth'], encapsulate: true });
