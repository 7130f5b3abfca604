import type { Db } from '@filaha/db';
import type { FastifyPluginAsync } from 'fastify';
import { createSellerPlansRepository } from './seller-plans.repository.ts';
import { sellerPlansRoutes } from './seller-plans.routes.ts';
import { createSellerPlansService } from './seller-plans.service.ts';
import { createSellerSubscriptionsRepository } from './seller-subscriptions.repository.ts';

/** Seller plans and seller subscriptions: repositories → service → routes, wired with one registration. */
export const sellerPlansModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  await app.register(sellerPlansRoutes, {
    service: createSellerPlansService(createSellerPlansRepository(db), createSellerSubscriptionsRepository(db)),
  });
};
