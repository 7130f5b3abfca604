import type { Database } from '@filaha/db';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type onRouteHookHandler,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import type { Config } from './config.ts';
import { jobsModule } from './jobs/jobs.routes.ts';
import { jobsPlugin } from './jobs/plugin.ts';
import { databaseCounterStore, memoryCounterStore, prefixedCounterStore } from './lib/counters.ts';
import { imageryPlugin } from './lib/imagery/plugin.ts';
import { storagePlugin } from './lib/storage/plugin.ts';
import { storageSweeperPlugin } from './lib/storage/sweeper.ts';
import { createTokenService } from './lib/tokens.ts';
import { alertsModule } from './modules/alerts/index.ts';
import { smsModule } from './modules/sms/index.ts';
import { authModule } from './modules/auth/index.ts';
import { changeModule } from './modules/change/index.ts';
import { healthModule, storageStatusPlugin } from './modules/health/index.ts';
import { historyModule } from './modules/history/index.ts';
import { imagesModule } from './modules/images/index.ts';
import { indicesModule } from './modules/indices/index.ts';
import { marketplaceModule } from './modules/marketplace/index.ts';
import { listingCachePlugin } from './modules/marketplace/listing-cache.ts';
import { messagingModule } from './modules/messaging/index.ts';
import { networkModule } from './modules/network/index.ts';
import { parcelsModule } from './modules/parcels/index.ts';
import { plansModule } from './modules/plans/index.ts';
import { rolesModule } from './modules/roles/index.ts';
import { seasonModule } from './modules/season/index.ts';
import { sellerPlansModule } from './modules/seller-plans/index.ts';
import { servicesModule } from './modules/services/index.ts';
import { publicSettingsReader, settingsModule } from './modules/settings/index.ts';
import { statsModule } from './modules/stats/index.ts';
import { stockModule } from './modules/stock/index.ts';
import { organisationsModule } from './modules/organisations/index.ts';
import { cropsModule } from './modules/crops/index.ts';
import { waterModule } from './modules/water/index.ts';
import { importsModule } from './modules/organisations/imports/index.ts';
import { territoryModule } from './modules/organisations/territory/territory.routes.ts';
import { apiKeysModule } from './modules/organisations/api-keys/api-keys.routes.ts';
import { subscriptionsModule } from './modules/subscriptions/index.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { usersModule } from './modules/users/index.ts';
import { authPlugin } from './plugins/auth.ts';
import { createApiKeysRepository } from './modules/organisations/api-keys/api-keys.repository.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { platformPlugin } from './plugins/platform.ts';
import { apiKeyRateLimit, apiRateLimit, securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';

/** JSON bodies are small forms; uploads (multipart, later steps) set their own limits per route. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppDeps {
  /** Opened and migrated by the caller (server.ts, or the test helper), which also closes it. */
  database: Database;
  /** Sees every route as it is registered (the authorization-matrix test lists the app's routes with it). */
  onRoute?: onRouteHookHandler;
  /** Prefix for rate-limit counter keys (tests: apps sharing one test database must not share counters). */
  counterPrefix?: string;
  /**
   * Record this process's local file folder in the database and warn when another live process keeps its files
   * elsewhere (PostgreSQL without S3_*): server.ts does, tests that build several apps on one database do not.
   */
  recordStorageLocation?: boolean;
}

const REDACT = ['req.headers.authorization', 'req.headers.cookie'];

/**
 * The JSON log on the standard output, or (LOG_FILE) in that file with only warnings and errors also on the
 * standard output: a person who started the platform in a terminal reads what they need there (issue 27 §3).
 */
function loggerOptions(
  config: Config,
): { logger: FastifyServerOptions['logger'] } | { loggerInstance: FastifyBaseLogger } {
  if (config.logFile === undefined || config.logFile === '-')
    return { logger: { level: config.logLevel, redact: REDACT } };
  const file = pino.destination({ dest: config.logFile, mkdir: true, sync: true });
  const streams = pino.multistream([
    { level: config.logLevel === 'silent' ? 'fatal' : config.logLevel, stream: file },
    { level: 'warn', stream: process.stdout },
  ]);
  return { loggerInstance: pino({ level: config.logLevel, redact: REDACT }, streams) };
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * The whole application as one Fastify instance, without listening: server.ts listens, tests call inject().
 * `platform` decorates what modules build from (config, database, secret, mailer, background tasks), the
 * cross-cutting plugins follow, then every module registers itself in /api in order: each builds its own
 * repositories → services → routes from those decorators and names the plugins it depends on.
 */
export async function buildApp(
  config: Config,
  { database, onRoute, counterPrefix = '', recordStorageLocation = false }: AppDeps,
): Promise<FastifyInstance> {
  // loadConfig refuses this already; a hand-built Config must not fall back to a per-folder secret either.
  if (!config.jwtSecret && config.databaseUrl) throw new Error('JWT_SECRET: required when DATABASE_URL is set');
  const app = Fastify({
    ...loggerOptions(config),
    // A hop count becomes the function form Fastify's types accept: trust the first n proxies.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (onRoute) app.addHook('onRoute', onRoute);

  await app.register(platformPlugin, { config, database });
  await app.register(errorHandlerPlugin);
  // Can the data folder and the file store be written, are local files shared: /api/health and the jobs page.
  await app.register(storageStatusPlugin, { recordLocation: recordStorageLocation });
  await app.register(inputGuardPlugin);
  // Counters shared by every process on PostgreSQL; in memory on the embedded PGlite (one process).
  const counters = prefixedCounterStore(
    database.kind === 'postgres' ? databaseCounterStore(database.db) : memoryCounterStore(),
    counterPrefix,
  );
  await app.register(securityPlugin, { config, counters });
  await app.register(docsPlugin);
  await app.register(authPlugin, {
    tokens: createTokenService(app.secret, config.jwtTtlSeconds),
    loadUser: createUsersRepository(database.db).findAuthUser,
    loadApiKey: createApiKeysRepository(database.db).findActive,
  });
  // Background jobs (pg-boss): workers here when WORKERS > 0; stopped on close, before the database.
  await app.register(jobsPlugin);

  await app.register(
    async (api) => {
      api.addHook('onRequest', apiRateLimit(api, config));
      api.addHook('onRequest', apiKeyRateLimit(api, config));
      // Before the idempotency hooks, so that a write's onSend touches the listing cache first.
      await api.register(listingCachePlugin);
      // Before every route: a write sent again with its Idempotency-Key gets the first answer (offline forms).
      await api.register(idempotencyPlugin, { db: database.db });
      await api.register(healthModule);
      await api.register(settingsModule);
      await api.register(authModule);
      await api.register(usersModule);
      await api.register(rolesModule);
      await api.register(storagePlugin, { config, secret: app.secret });
      await api.register(storageSweeperPlugin, {
        db: database.db,
        intervalSeconds: config.storageSweepIntervalSeconds,
      });
      // The imagery engine and its catalog's coverage, shared by the images, change and season modules.
      await api.register(imageryPlugin);
      await api.register(imagesModule);
      await api.register(changeModule);
      await api.register(seasonModule);
      await api.register(historyModule);
      await api.register(plansModule);
      await api.register(subscriptionsModule);
      await api.register(indicesModule);
      await api.register(parcelsModule);
      await api.register(servicesModule);
      await api.register(sellerPlansModule);
      await api.register(marketplaceModule);
      await api.register(messagingModule);
      await api.register(stockModule);
      await api.register(organisationsModule);
      await api.register(cropsModule);
      await api.register(waterModule);
      await api.register(importsModule);
      await api.register(territoryModule);
      await api.register(apiKeysModule);
      await api.register(networkModule);
      await api.register(statsModule);
      await api.register(jobsModule);
      await api.register(alertsModule);
      await api.register(smsModule);
    },
    { prefix: '/api' },
  );

  // Every document carries GET /api/settings/public's answer: one read less before a screen is usable.
  await app.register(webPlugin, {
    webDist: config.webDist,
    documentSettings: publicSettingsReader(config, database.db),
  });
  return app;
}
