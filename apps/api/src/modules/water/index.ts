import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createWeatherRepository } from '../../lib/weather/index.ts';
import { createWaterRepository } from './water.repository.ts';
import { waterRoutes } from './water.routes.ts';
import { createWaterService } from './water.service.ts';

/** A parcel's water (issue 31 §2): repository → service → routes, over the weather cache (lib/weather). */
const water: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const service = createWaterService({ repo: createWaterRepository(db), weather: createWeatherRepository(db) });
  await app.register(waterRoutes, { service });
};

export const waterModule = fp(water, { name: 'water', dependencies: ['platform', 'auth'], encapsulate: true });
