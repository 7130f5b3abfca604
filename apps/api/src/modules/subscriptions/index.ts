import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createSubscriptionsRepository } from './subscriptions.repository.ts';
import { subscriptionsRoutes } from './subscriptions.routes.ts';
import { createSubscriptionsService } from './subscriptions.service.ts';

/** Farmer subscriptions and usage: repository → service → routes, wired with one registration. */
const subscriptions: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  await app.register(subscriptionsRoutes, {
    subscriptions: createSubscriptionsService(createSubscriptionsRepository(db)),
  });
};

export const subscriptionsModule = fp(subscriptions, {
  name: 'subscriptions',
  dependencies: ['platform', 'auth'],
  encapsulate: true,
});
