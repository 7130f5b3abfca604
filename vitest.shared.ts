import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';

/**
 * The workspace packages resolve to their TypeScript sources in tests (export condition `@filaha/source`, before
 * the built `dist/` the runtime uses), so no build is needed before `npm test`. Spread into every project config.
 */
export const sourceConditions = {
  resolve: { conditions: ['@filaha/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@filaha/source', ...defaultServerConditions] } },
};

/**
 * Test files at once: one per core (TEST_WORKERS overrides it). Set in every project's own config: a project given
 * by its config file does not inherit the root config's `maxWorkers`, and without it vitest 5 runs each project at
 * its default of cores − 1 (one file at a time on 2 cores: the whole run used one core, measured 2026-11-28).
 */
export const testWorkers = Number(process.env.TEST_WORKERS) || availableParallelism();
