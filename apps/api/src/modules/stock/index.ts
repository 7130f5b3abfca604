import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createStockRepository } from './stock.repository.ts';
import { stockRoutes } from './stock.routes.ts';
import { createStockService } from './stock.service.ts';

/** Stock management (items, movements, summary, CSV export): repository → service → routes. */
const stock: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  await app.register(stockRoutes, { service: createStockService(createStockRepository(db)) });
};

export const stockModule = fp(stock, { name: 'stock', dependencies: ['platform', 'auth'], encapsulate: true });
