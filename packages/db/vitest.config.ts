import { defineProject } from 'vitest/config';
import { sourceConditions, testWorkers } from '../../vitest.shared.ts';

// Files share one worker-level test database (getTestDb caches it on globalThis), so isolation is off;
// tests stay independent by creating their own rows through factories.
export default defineProject({
  ...sourceConditions,
  test: {
    maxWorkers: testWorkers,
    name: 'db',
    include: ['src/**/*.test.ts'],
    isolate: false,
    setupFiles: ['./src/testing/open-test-db.setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
