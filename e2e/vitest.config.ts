import { defineProject } from 'vitest/config';
import { sourceConditions } from '../vitest.shared.ts';

// Browser tests: one platform for the run (global setup), one file at a time, generous timeouts.
export default defineProject({
  ...sourceConditions,
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./src/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
