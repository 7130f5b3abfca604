import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'imagery',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60000,
  },
});
