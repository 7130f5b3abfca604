import { defineProject } from 'vitest/config';
import { sourceConditions, testWorkers } from '../../vitest.shared.ts';
import react from '@vitejs/plugin-react';

export default defineProject({
  ...sourceConditions,
  plugins: [react()],
  test: {
    maxWorkers: testWorkers,
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    css: false,
    // A whole screen rendered in jsdom (router, queries, forms typed key by key) takes seconds on a loaded 2-core
    // machine: 5 s (vitest's default) failed CI at 5.3 s. A limit against hangs, not a speed target.
    testTimeout: 30_000,
  },
});
