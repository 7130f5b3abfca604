import { configDefaults, defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { DATABASE_PROJECTS, ONCE_ONLY, postgresProjectName } from './scripts/test-plan.mjs';
import { testWorkers } from './vitest.shared.ts';

/**
 * One runner for the whole repository; each workspace has its own project config.
 *
 * With TEST_POSTGRES_URL set (`.ci/run`), the database-backed projects (db, api) also run against that PostgreSQL
 * server in the same run, as projects of their own ("db (postgres)", "api (postgres)", with DATABASE_URL set for
 * their workers only): both passes share one pool, so a file waiting on a process or a socket leaves the cores to
 * the other pass. The suites whose subject does not depend on the database engine (ONCE_ONLY) run once, in the
 * embedded pass.
 */
const postgresUrl = process.env.TEST_POSTGRES_URL;

const postgresProjects: TestProjectConfiguration[] = postgresUrl
  ? DATABASE_PROJECTS.map(({ dir, name }) => ({
      extends: `./${dir}/vitest.config.ts`,
      root: `./${dir}`,
      test: {
        name: postgresProjectName(name),
        env: { DATABASE_URL: postgresUrl },
        exclude: [
          ...configDefaults.exclude,
          ...ONCE_ONLY.filter((file) => file.startsWith(`${dir}/`)).map((file) => file.slice(dir.length + 1)),
        ],
      },
    }))
  : [];

export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'e2e/vitest.config.ts', ...postgresProjects],
    // vitest's default on a 2-core machine is one file at a time (cores − 1). Most of the slow files wait: on a
    // server process they spawned, on a socket; so one file per core, with the browser suite's own run beside them
    // (scripts/test.mjs). One more than cores made jsdom screens and PGlite migrations pass their time limits in CI.
    // TEST_WORKERS overrides it. Each project sets it too (vitest.shared.ts): projects do not inherit it from here.
    maxWorkers: testWorkers,
  },
});
