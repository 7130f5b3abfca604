import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createSettingsRepository } from './settings.repository.ts';
import { settingsRoutes } from './settings.routes.ts';

/** The deployment's public settings and the back office's service prices: repository → routes. */
const settings: FastifyPluginAsync = async (app) => {
  await app.register(settingsRoutes, { config: app.config, settings: createSettingsRepository(app.database.db) });
};

export const settingsModule = fp(settings, { name: 'settings', dependencies: ['platform', 'auth'], encapsulate: true });
