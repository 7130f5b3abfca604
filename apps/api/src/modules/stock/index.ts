import type { Db } from '@filaha/db';
import type { FastifyPluginAsync } from 'fastify';
import { createStockRepository } from './stock.repository.ts';
import { stockRoutes } from './stock.routes.ts';
import { createStockService } from './stock.service.ts';

/** Stock management (items, movements, summary, CSV export): repository → service → routes. */
export const stockModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  await app.register(stockRoutes, { service: createStockService(createStockRepository(db)) });
};
