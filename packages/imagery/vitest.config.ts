import { defineProject } from 'vitest/config';
import { sourceConditions, testWorkers } from '../../vitest.shared.ts';

export default defineProject({
  ...sourceConditions,
  test: {
    maxWorkers: testWorkers,
    name: 'imagery',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60000,
    // The demo catalog is generated (not committed): once per run, reused while its generator is unchanged.
    globalSetup: ['./test/demo-catalog.setup.ts'],
  },
});
