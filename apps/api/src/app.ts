import type { Database } from '@filaha/db';
import Fastify, { type FastifyInstance, type onRouteHookHandler } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { createBackgroundTasks, type BackgroundTasks } from './lib/background.ts';
import { databaseCounterStore, memoryCounterStore, prefixedCounterStore } from './lib/counters.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { loadOrCreateSecret } from './lib/secret.ts';
import { storagePlugin } from './lib/storage/plugin.ts';
import { storageSweeperPlugin } from './lib/storage/sweeper.ts';
import { createTokenService } from './lib/tokens.ts';
import { jobsRoutes } from './jobs/jobs.routes.ts';
import { jobsPlugin } from './jobs/plugin.ts';
import { alertsModule } from './modules/alerts/index.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createPasswordResetService } from './modules/auth/password-reset.service.ts';
import { createResetCodesRepository } from './modules/auth/reset-codes.repository.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { historyModule } from './modules/history/history.module.ts';
import { statsModule } from './modules/stats/stats.ts';
import { imagesModule } from './modules/images/images.module.ts';
import { indicesModule } from './modules/indices/index.ts';
import { marketplaceModule } from './modules/marketplace/index.ts';
import { createListingCache, listingVersionReader } from './modules/marketplace/listing-cache.ts';
import { messagingModule } from './modules/messaging/index.ts';
import { networkModule } from './modules/network/index.ts';
import { parcelsModule } from './modules/parcels/index.ts';
import { plansModule } from './modules/plans/index.ts';
import { createRolesRepository } from './modules/roles/roles.repository.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { createRolesService } from './modules/roles/roles.service.ts';
import { sellerPlansModule } from './modules/seller-plans/index.ts';
import { servicesModule } from './modules/services/index.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { stockModule } from './modules/stock/index.ts';
import { subscriptionsModule } from './modules/subscriptions/index.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { authPlugin } from './plugins/auth.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { apiRateLimit, securityPlugin } from './plugins/security.ts';
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
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    mailer: Mailer;
    /** Work done after the answer is sent (password-reset mail); tests await `idle()`. */
    background: BackgroundTasks;
  }
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * The whole application as one Fastify instance, without listening: server.ts listens, tests call inject().
 * Wiring is explicit — repositories from the database, services from repositories, routes from services.
 */
export async function buildApp(
  config: Config,
  { database, onRoute, counterPrefix = '' }: AppDeps,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    // A hop count becomes the function form Fastify's types accept: trust the first n proxies.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (onRoute) app.addHook('onRoute', onRoute);

  // loadConfig refuses this already; a hand-built Config must not fall back to a per-folder secret either.
  if (!config.jwtSecret && config.databaseUrl) throw new Error('JWT_SECRET: required when DATABASE_URL is set');
  const secret = config.jwtSecret ?? (await loadOrCreateSecret(config.dataDir)).secret;
  const tokens = createTokenService(secret, config.jwtTtlSeconds);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: app.log,
  });
  app.decorate('config', config);
  app.decorate('mailer', mailer);
  const background = createBackgroundTasks(app.log);
  app.decorate('background', background);
  app.addHook('onClose', async () => {
    await background.idle();
    await mailer.close();
  });

  const repos = {
    users: createUsersRepository(database.db),
    roles: createRolesRepository(database.db),
    resetCodes: createResetCodesRepository(database.db),
  };
  const services = {
    auth: createAuthService(repos.users, repos.roles, tokens),
    passwordReset: createPasswordResetService({
      users: repos.users,
      codes: repos.resetCodes,
      mailer,
      secret,
      defer: background.run,
    }),
    users: createUsersService(repos.users, repos.roles),
    roles: createRolesService(repos.roles),
  };

  const listingCache = createListingCache({ readVersion: listingVersionReader(database.db) });

  await app.register(errorHandlerPlugin);
  await app.register(inputGuardPlugin);
  // Counters shared by every process on PostgreSQL; in memory on the embedded PGlite (one process).
  const counters = prefixedCounterStore(
    database.kind === 'postgres' ? databaseCounterStore(database.db) : memoryCounterStore(),
    counterPrefix,
  );
  await app.register(securityPlugin, { config, counters });
  await app.register(docsPlugin);
  await app.register(authPlugin, { tokens, loadUser: repos.users.findAuthUser });
  // Background jobs (pg-boss): workers here when WORKERS > 0; stopped on close, before the database.
  await app.register(jobsPlugin, { database, config });

  await app.register(
    async (api) => {
      api.addHook('onRequest', apiRateLimit(api, config));
      // Any write this process has just done may concern the marketplace listing: its cache re-reads the change
      // counter before the next page (onSend: before the writer can send its next request).
      api.addHook('onSend', async (request, reply) => {
        if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) listingCache.touch();
      });
      // Before every route: a write sent again with its Idempotency-Key gets the first answer (offline forms).
      await api.register(idempotencyPlugin, { db: database.db });
      await api.register(healthRoutes, { database });
      await api.register(settingsRoutes, { config, db: database.db });
      await api.register(authRoutes, { auth: services.auth, passwordReset: services.passwordReset });
      await api.register(usersRoutes, { users: services.users });
      await api.register(rolesRoutes, { roles: services.roles });
      await api.register(storagePlugin, { config, secret });
      await api.register(storageSweeperPlugin, {
        db: database.db,
        intervalSeconds: config.storageSweepIntervalSeconds,
      });
      await api.register(imagesModule, { database, config });
      await api.register(historyModule, { database, minValidFraction: config.minValidFraction });
      await api.register(plansModule, { db: database.db });
      await api.register(subscriptionsModule, { db: database.db });
      await api.register(indicesModule, { db: database.db });
      await api.register(parcelsModule, { db: database.db });
      await api.register(servicesModule, { db: database.db });
      await api.register(sellerPlansModule, { db: database.db });
      await api.register(marketplaceModule, { db: database.db, listingCache });
      await api.register(messagingModule, { database, secret });
      await api.register(stockModule, { db: database.db });
      await api.register(networkModule, { db: database.db });
      await api.register(statsModule, { db: database.db });
      await api.register(jobsRoutes, { database, jobs: app.jobs, schedule: config.jobs.pollSchedule });
      await api.register(alertsModule, { db: database.db });
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
