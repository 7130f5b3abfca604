import { defineProject } from 'vitest/config';

// Browser tests: one platform for the run (global setup), one file at a time, generous timeouts.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./src/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
