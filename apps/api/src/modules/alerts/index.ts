import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createAlertsRepository } from './alerts.repository.ts';
import { alertsRoutes } from './alerts.routes.ts';
import { createAlertsService } from './alerts.service.ts';

/** Alerts (issue 15 §3): notification centre, parcel rules, e-mail settings. The jobs are in alerts.jobs.ts. */
const alerts: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  await app.register(alertsRoutes, { service: createAlertsService(createAlertsRepository(db)) });
};

export const alertsModule = fp(alerts, { name: 'alerts', dependencies: ['platform', 'auth'], encapsulate: true });
