// What the test command runs where (read by vitest.config.ts and scripts/test.mjs).

/** The projects that touch a database: they run on the embedded PGlite and, in CI, on PostgreSQL too. */
export const DATABASE_PROJECTS = [
  { dir: 'packages/db', name: 'db' },
  { dir: 'apps/api', name: 'api' },
];

/** Every project but the browser suite (e2e), which the test command starts as a run of its own beside them. */
export const NODE_PROJECTS = ['shared', 'db', 'imagery', 'api', 'web'];

/** The name of a database project's PostgreSQL twin. */
export const postgresProjectName = (name) => `${name} (postgres)`;

/**
 * Files of the database projects whose subject does not depend on the database engine (files with one case per
 * engine skip the other engine's case instead: process-safety, the migration tests): they run once, in the
 * embedded pass, not again on PostgreSQL. Input fuzzing and property tests exercise validation and arithmetic
 * with hundreds of generated cases; the demo-season suites check the imagery of the demo catalog.
 */
export const ONCE_ONLY = [
  'apps/api/src/input-fuzz.test.ts',
  'apps/api/src/modules/stock/stock.property.test.ts',
  'apps/api/src/modules/images/images.demo.test.ts',
  'apps/api/src/modules/alerts/alerts.demo.test.ts',
  // The public document and its generated client are made from the route contracts; the Node version guard runs
  // before any database is opened.
  'apps/api/test/openapi.test.ts',
  'apps/api/test/node-guard.test.ts',
  'apps/api/test/build-output.test.ts',
  'apps/api/src/lib/log-destination.test.ts',
  // Files that open no database at all (no test app, no test database, no DATABASE_URL): configuration, tokens,
  // storage, mail, i18n, the error catalogue, the plugins tested on a bare Fastify, the data folder lock.
  'apps/api/src/modules/marketplace/listing-cache.test.ts',
  'apps/api/src/modules/network/network.test.ts',
  'apps/api/src/modules/network/wilaya-geo.test.ts',
  'apps/api/src/modules/alerts/alerts.config.test.ts',
  'apps/api/src/jobs/config.test.ts',
  'apps/api/src/jobs/catalog-poll.test.ts',
  'apps/api/src/lib/tokens.test.ts',
  'apps/api/src/lib/secret.test.ts',
  'apps/api/src/lib/disk.test.ts',
  'apps/api/src/lib/storage/s3.test.ts',
  'apps/api/src/lib/storage/sigv4.test.ts',
  'apps/api/src/lib/mailer.test.ts',
  'apps/api/src/lib/weather/open-meteo.test.ts',
  'apps/api/src/lib/weather/synthetic.test.ts',
  'apps/api/src/core/access.test.ts',
  'apps/api/src/core/error-catalogue.test.ts',
  'apps/api/src/core/contract-route.test.ts',
  'apps/api/src/plugins/input-guard.depth.test.ts',
  'apps/api/src/plugins/web.test.ts',
  'apps/api/src/i18n/language.test.ts',
  'apps/api/src/i18n/messages.test.ts',
  'packages/db/src/data-dir-lock.test.ts',
  'packages/db/src/password.test.ts',
];
