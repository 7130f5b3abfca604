import { defaultClientConditions, defaultServerConditions } from 'vite';

/**
 * The workspace packages resolve to their TypeScript sources in tests (export condition `@filaha/source`, before
 * the built `dist/` the runtime uses), so no build is needed before `npm test`. Spread into every project config.
 */
export const sourceConditions = {
  resolve: { conditions: ['@filaha/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@filaha/source', ...defaultServerConditions] } },
};
