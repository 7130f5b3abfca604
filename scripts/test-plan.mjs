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
 * Files of the database projects whose subject does not depend on the database engine: they run once, in the
 * embedded pass, not again on PostgreSQL. Input fuzzing and property tests exercise validation and arithmetic
 * with hundreds of generated cases; the demo-season suites check the imagery of the demo catalog.
 */
export const ONCE_ONLY = [
  'apps/api/src/input-fuzz.test.ts',
  'apps/api/src/modules/stock/stock.property.test.ts',
  'apps/api/src/modules/images/images.demo.test.ts',
  'apps/api/src/modules/alerts/alerts.demo.test.ts',
];
