import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { PublicSettings } from '@filaha/shared/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '@filaha/db';
import { createSettingsRepository } from './settings.repository.ts';
import { publicSettingsOf, settingsRoutes } from './settings.routes.ts';

/** The deployment's public settings and the back office's service prices: repository → routes. */
const settings: FastifyPluginAsync = async (app) => {
  await app.register(settingsRoutes, { config: app.config, settings: createSettingsRepository(app.database.db) });
};

export const settingsModule = fp(settings, { name: 'settings', dependencies: ['platform', 'auth'], encapsulate: true });

/** GET /api/settings/public's answer, read as the route reads it (the web documents carry it: plugins/web.ts). */
export function publicSettingsReader(config: Config, db: Db): () => Promise<PublicSettings> {
  const settings = createSettingsRepository(db);
  return async () => publicSettingsOf(config, (await settings.servicePrices()).prices);
}
