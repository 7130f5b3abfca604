import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createSellerPlansRepository } from './seller-plans.repository.ts';
import { sellerPlansRoutes } from './seller-plans.routes.ts';
import { createSellerPlansService } from './seller-plans.service.ts';
import { createSellerSubscriptionsRepository } from './seller-subscriptions.repository.ts';

/** Seller plans and seller subscriptions: repositories → service → routes, wired with one registration. */
const sellerPlans: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  await app.register(sellerPlansRoutes, {
    service: createSellerPlansService(createSellerPlansRepository(db), createSellerSubscriptionsRepository(db)),
  });
};

export const sellerPlansModule = fp(sellerPlans, {
  name: 'seller-plans',
  dependencies: ['platform', 'auth'],
  encapsulate: true,
});
