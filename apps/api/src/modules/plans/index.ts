import type { Db } from '@filaha/db';
import type { FastifyPluginAsync } from 'fastify';
import { createFunctionalitiesRepository } from './functionalities.repository.ts';
import { createFunctionalitiesService } from './functionalities.service.ts';
import { createPlansRepository } from './plans.repository.ts';
import { plansRoutes } from './plans.routes.ts';
import { createPlansService } from './plans.service.ts';

/** Plans (abonnement) and functionalities: repositories → services → routes, wired with one registration. */
export const plansModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  await app.register(plansRoutes, {
    plans: createPlansService(createPlansRepository(db)),
    functionalities: createFunctionalitiesService(createFunctionalitiesRepository(db)),
  });
};
