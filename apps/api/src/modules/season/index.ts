import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createImageryLookups } from '../images/public.ts';
import { createSeasonRepository } from './season.repository.ts';
import { seasonRoutes } from './season.routes.ts';
import { createSeasonService } from './season.service.ts';

/**
 * GET /parcelle/{id}/series: season curves, stored per parcel × index × acquisition, included in the subscription
 * (fair use per day: `app.counters`, SERIES_DAILY_LIMIT). Repository → service → routes on the app's engine.
 */
const season: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const service = createSeasonService({
    lookups: createImageryLookups(db),
    series: createSeasonRepository(db),
    imagery: app.imagery,
    counters: app.counters,
    dailyLimit: app.config.seriesDailyLimit,
  });
  await app.register(seasonRoutes, { season: service });
};

export const seasonModule = fp(season, {
  name: 'season',
  dependencies: ['platform', 'auth', 'security', 'imagery'],
  encapsulate: true,
});
