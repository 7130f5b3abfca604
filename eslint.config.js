import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// ---------------------------------------------------------------------------------------------------------------
// Import boundaries (ESLint's own `no-restricted-imports`, no plugin). Package names are matched as written; a
// relative path is matched per folder depth, so `../../api/…` is refused exactly where it leads into apps/api.
// Static `import`/`export … from` only (not `import()`).
// ---------------------------------------------------------------------------------------------------------------
const SOURCE = '*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}';
const MAX_DEPTH = 8;
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Files `depth` folders below `base`. */
const filesAt = (base, depth) => [`${base}/${'*/'.repeat(depth)}${SOURCE}`];

/**
 * Regex sources matching a relative import, written in a file `depth` folders below `base`, that leads into the
 * folder `target` (both relative to the repository root), followed by `rest` (a regex source; '' = anything).
 */
function relativeInto(base, depth, target, rest = '') {
  const b = base.split('/');
  const t = target.split('/');
  let common = 0;
  while (common < b.length && common < t.length && b[common] === t[common]) common += 1;
  const sources = [];
  for (let k = common; k >= 0; k -= 1) {
    const ups = '\\.\\./'.repeat(depth + b.length - k);
    const into = t.slice(k).map(esc).join('/');
    const tail = rest || '(?:/|$)';
    sources.push(`^${ups}${into ? into + tail : tail.replace(/^\//, '')}`);
  }
  return sources;
}

/** One `no-restricted-imports` config per folder depth below `base`: the banned names plus the relative paths. */
function boundary(base, { names, folders = [], message }) {
  return Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => ({
    files: filesAt(base, depth),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...names.map((regex) => ({ regex, message })),
            ...folders.flatMap((f) => relativeInto(base, depth, f).map((regex) => ({ regex, message }))),
          ],
        },
      ],
    },
  }));
}

// (a) The web app talks to the API over HTTP only: neither the database package nor anything of apps/api.
const webBoundary = boundary('apps/web', {
  names: ['^@filaha/(?:db|api)(?:/|$)'],
  folders: ['apps/api', 'packages/db'],
  message: 'apps/web must not import the database (@filaha/db) or the API (apps/api); it calls the HTTP API.',
});

// (b) The imagery engine has no HTTP framework and no database (packages/imagery's contract).
const HTTP_FRAMEWORKS = [
  '^(?:fastify|express|koa|hono|restify|polka|h3|elysia|micro)(?:/|$)',
  '^(?:fastify|express|koa)-',
  '^@(?:fastify|koa|hono|hapi|nestjs|trpc)/',
];
const DATABASES = [
  '^@filaha/(?:db|api)(?:/|$)',
  '^(?:pg|postgres|drizzle-orm|drizzle-kit|kysely|knex|mysql2?|better-sqlite3|sqlite3|sequelize|typeorm|mongodb|mongoose|redis|ioredis)(?:/|$)',
  '^pg-',
  '^@(?:electric-sql|prisma)/',
];
const imageryBoundary = boundary('packages/imagery', {
  names: [...HTTP_FRAMEWORKS, ...DATABASES],
  folders: ['apps/api', 'packages/db'],
  message: 'packages/imagery has no HTTP framework and no database: the API passes it what it needs.',
});

// (c) An API module uses only its own repositories; another module's data comes through that module's service.
const MODULES_DIR = 'apps/api/src/modules';
const modules = readdirSync(new URL(`./${MODULES_DIR}/`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const REPOSITORY = '(?:[^/]+/)*(?:[^/]*\\.)?repository(?:\\.[cm]?[jt]sx?)?$';

/**
 * Existing cross-module repository imports, allowed file by file and import by import until the module
 * restructuring (issue 11's module step) removes them; a new one anywhere else fails. Keep this list shrinking.
 */
const REPOSITORY_EXCEPTIONS = {
  // The users service checks role ids against the roles table (no roles service/index exports that yet).
  'apps/api/src/modules/users/users.service.ts': ['../roles/roles.repository.ts'],
  // The users module's wiring builds the roles repository the users service checks role ids with.
  'apps/api/src/modules/users/index.ts': ['../roles/roles.repository.ts'],
  // Sign-up and sign-in read users and roles directly (the users and roles modules export no service for that).
  'apps/api/src/modules/auth/auth.service.ts': ['../roles/roles.repository.ts', '../users/users.repository.ts'],
  'apps/api/src/modules/auth/index.ts': ['../roles/roles.repository.ts', '../users/users.repository.ts'],
  'apps/api/src/modules/auth/password-reset.service.ts': ['../users/users.repository.ts'],
  // The farmer's index configuration lists their parcels without the parcels service's caller checks.
  'apps/api/src/modules/indices/index.ts': ['../parcels/parcels.repository.ts'],
  'apps/api/src/modules/indices/indices.service.ts': ['../parcels/parcels.repository.ts'],
};

/**
 * What one module may import of another: its `public.ts` (what it offers the others), its `index.ts` (the module
 * plugin), and the test kits; anything else is the other module's internals.
 */
const PUBLIC_ENTRY = '(?!(?:public|index|test-kit)\\.ts$)(?!test-support/).+$';

function repositoryRule(module, depth, allowed = []) {
  const base = `${MODULES_DIR}/${module}`;
  const notAllowed = allowed.length ? `(?!(?:${allowed.map(esc).join('|')})$)` : '';
  const into = (rest) => relativeInto(base, depth, MODULES_DIR, `/(?!${esc(module)}/)(?!\\.)[^/]+/${rest}`);
  return [
    'error',
    {
      patterns: [
        ...into(REPOSITORY).map((s) => ({
          regex: `^${notAllowed}${s.slice(1)}`,
          message: `An API module imports only its own repositories: use the other module's service (module '${module}').`,
        })),
        ...into(PUBLIC_ENTRY).map((s) => ({
          regex: `^${notAllowed}${s.slice(1)}`,
          message: `An API module imports another module only through its public.ts (or index.ts): no internals (module '${module}').`,
        })),
      ],
    },
  ];
}

// (c') Code outside the modules (jobs, plugins, core) reaches a module only through its public.ts or index.ts.
const outsideModules = ['apps/api/src/jobs', 'apps/api/src/plugins', 'apps/api/src/core', 'apps/api/src/lib'].flatMap(
  (base) =>
    Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => ({
      files: filesAt(base, depth),
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: relativeInto(base, depth, MODULES_DIR, `/[^/]+/${PUBLIC_ENTRY}`).map((regex) => ({
              regex,
              message: 'Outside the modules, import a module only through its public.ts (or index.ts).',
            })),
          },
        ],
      },
    })),
);

const moduleBoundary = modules.flatMap((module) =>
  Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => {
    const files = filesAt(`${MODULES_DIR}/${module}`, depth);
    const exceptions = Object.keys(REPOSITORY_EXCEPTIONS).filter((f) => f.startsWith(`${MODULES_DIR}/${module}/`));
    return [
      { files, ignores: exceptions, rules: { 'no-restricted-imports': repositoryRule(module, depth) } },
      ...exceptions
        .filter((f) => f.split('/').length - 1 - `${MODULES_DIR}/${module}`.split('/').length === depth)
        .map((f) => ({
          files: [f],
          rules: { 'no-restricted-imports': repositoryRule(module, depth, REPOSITORY_EXCEPTIONS[f]) },
        })),
    ];
  }).flat(),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'e2e/artifacts/**',
      'bench/out/**',
      'packages/imagery/demo-catalog/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...webBoundary,
  ...imageryBoundary,
  ...moduleBoundary,
  ...outsideModules,
  // (d) The web takes only types from the route contracts: their zod schemas stay out of the production bundle
  // (lib/client.ts loads them lazily in development and tests; docs/ARCHITECTURE.md "Route contracts").
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@filaha/shared/contracts',
              allowTypeImports: true,
              message: 'apps/web imports only types from the route contracts (import type), never their zod schemas.',
            },
          ],
        },
      ],
    },
  },
);
