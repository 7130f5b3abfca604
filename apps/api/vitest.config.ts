import { defineProject } from 'vitest/config';
import { sourceConditions, testWorkers } from '../../vitest.shared.ts';

export default defineProject({
  ...sourceConditions,
  test: {
    maxWorkers: testWorkers,
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One database per worker (getTestDb) is reused across files; isolating would start PGlite per file.
    isolate: false,
    setupFiles: ['../../packages/db/src/testing/open-test-db.setup.ts'],
    testTimeout: 30000,
    // The demo catalog is generated (not committed): once per run, reused while its generator is unchanged.
    globalSetup: ['../../packages/imagery/test/demo-catalog.setup.ts'],
    hookTimeout: 120000,
  },
});
