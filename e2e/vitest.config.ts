import { defineProject } from 'vitest/config';
import { sourceConditions } from '../vitest.shared.ts';

// Browser tests: one platform for the run (global setup), one file at a time, generous timeouts (polls included).
export default defineProject({
  ...sourceConditions,
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./src/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits 1 s by default: too short for an image or an answer on a loaded 2-core CI machine (a
    // phone-map run failed so while other suites ran). A poll that is met returns at once; only a failure waits.
    expect: { poll: { timeout: 15_000 } },
  },
});
