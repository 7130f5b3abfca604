import type { Db } from '@filaha/db';
import type { FastifyPluginAsync } from 'fastify';
import { createSubscriptionsRepository } from './subscriptions.repository.ts';
import { subscriptionsRoutes } from './subscriptions.routes.ts';
import { createSubscriptionsService } from './subscriptions.service.ts';

/** Farmer subscriptions and usage: repository → service → routes, wired with one registration. */
export const subscriptionsModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  await app.register(subscriptionsRoutes, {
    subscriptions: createSubscriptionsService(createSubscriptionsRepository(db)),
  });
};
