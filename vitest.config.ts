import { defineConfig } from 'vitest/config';

// One runner for the whole repository; each workspace has its own project config.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'e2e/vitest.config.ts'],
  },
});
