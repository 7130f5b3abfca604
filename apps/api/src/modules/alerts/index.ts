import type { Db } from '@filaha/db';
import type { FastifyPluginAsync } from 'fastify';
import { alertsRoutes } from './alerts.routes.ts';
import { createAlertsService } from './alerts.service.ts';

/** Alerts (issue 15 §3): notification centre, parcel rules, e-mail settings. The jobs are in alerts.jobs.ts. */
export const alertsModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  await app.register(alertsRoutes, { service: createAlertsService(db) });
};
