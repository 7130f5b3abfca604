// Import boundaries and cycles, checked by dependency-cruiser in `npm run lint` (docs/ARCHITECTURE.md, "Import
// boundaries"). Paths are matched on the file an import resolves to, relative to the repository root, so a package
// name (`@filaha/db`) and a relative path (`../../packages/db/src/x.ts`) into the same folder are one case. An
// import that cannot be resolved is matched on the name as written. No rule lists single files as exceptions.

/** The regex source of npm package names, whether resolved into node_modules or left as written. */
const npm = (names) => `(?:^|node_modules/)(?:${names.join('|')})`;

const MODULES = 'apps/api/src/modules';
/** What a module offers the others: its public.ts, its index.ts (the module plugin) and its test kits. */
const MODULE_ENTRY = `^${MODULES}/[^/]+/(?:(?:public|index|test-kit)\\.ts$|test-support/)`;
/** A module's SQL: any `*.repository.ts`, or `repository.ts`, at any depth inside it. */
const REPOSITORY = `^${MODULES}/[^/]+/(?:|.*[/.])repository\\.[cm]?[jt]sx?$`;

const OUR_SERVER_SIDE = '^(?:apps/api|packages/db)/|^@filaha/(?:api|db)(?:/|$)';
const HTTP_FRAMEWORKS = npm([
  '(?:fastify|express|koa|hono|restify|polka|h3|elysia|micro)(?:/|$)',
  '(?:fastify|express|koa)-',
  '@(?:fastify|koa|hono|hapi|nestjs|trpc)/',
]);
const DATABASES = npm([
  '(?:pg|postgres|drizzle-orm|drizzle-kit|kysely|knex|mysql2?|better-sqlite3|sqlite3|sequelize|typeorm|mongodb|mongoose|redis|ioredis)(?:/|$)',
  'pg-',
  '@(?:electric-sql|prisma)/',
]);

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'No import circle anywhere, type-only and dynamic imports included: a leaf module holds what both sides ' +
        'need (route paths, shared types).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'api-module-internals',
      severity: 'error',
      comment:
        "An API module imports another module only through its public.ts or index.ts (or its test kits): the other module's other files are its internals.",
      from: { path: `^${MODULES}/([^/]+)/` },
      to: { path: `^${MODULES}/[^/]+/`, pathNot: [`^${MODULES}/$1/`, MODULE_ENTRY, REPOSITORY] },
    },
    {
      name: 'api-module-repository',
      severity: 'error',
      comment:
        "An API module queries only its own repositories; another module's data comes through that module's public.ts.",
      from: { path: `^${MODULES}/([^/]+)/` },
      to: { path: REPOSITORY, pathNot: `^${MODULES}/$1/` },
    },
    {
      name: 'api-outside-modules',
      severity: 'error',
      comment:
        'Outside the modules (jobs, plugins, core, lib, i18n), import a module only through its public.ts or ' +
        'index.ts (or its test kits). Not checked: the entry points that build the app from the modules (app.ts, ' +
        "server.ts, worker.ts) and tests, which may reach a module's internals.",
      from: {
        path: '^apps/api/src/',
        pathNot: [`^${MODULES}/`, '^apps/api/src/(?:app|server|worker)\\.ts$', '\\.test\\.tsx?$'],
      },
      to: { path: `^${MODULES}/`, pathNot: MODULE_ENTRY },
    },
    {
      name: 'web-no-server',
      severity: 'error',
      comment: 'The web app talks to the API over HTTP only: neither the database package nor anything of apps/api.',
      from: { path: '^apps/web/' },
      to: { path: OUR_SERVER_SIDE },
    },
    {
      name: 'web-no-imagery',
      severity: 'error',
      comment:
        'The web app does not import the imagery engine; what both use (the values grid, geometry) is in packages/shared.',
      from: { path: '^apps/web/' },
      to: { path: '^packages/imagery/|^@filaha/imagery(?:/|$)' },
    },
    {
      name: 'web-contracts-types-only',
      severity: 'error',
      comment:
        'The web takes only types from the route contracts, so their zod schemas stay out of the production bundle ' +
        "(lib/client.ts's development check loads them with a dynamic import that the build drops).",
      from: { path: '^apps/web/src/' },
      to: { path: '^packages/shared/src/contracts/', dependencyTypesNot: ['type-only', 'dynamic-import'] },
    },
    {
      name: 'imagery-no-http-or-database',
      severity: 'error',
      comment: 'packages/imagery has no HTTP framework and no database: the API passes it what it needs.',
      from: { path: '^packages/imagery/' },
      to: { path: [OUR_SERVER_SIDE, HTTP_FRAMEWORKS, DATABASES] },
    },
    {
      name: 'shared-depends-on-nothing-of-ours',
      severity: 'error',
      comment: 'packages/shared is read by every other workspace and imports none of them.',
      from: { path: '^packages/shared/' },
      to: { path: '^(?:apps|e2e|bench|scripts)/|^packages/(?!shared/)|^@filaha/(?!shared(?:/|$))' },
    },
    {
      name: 'packages-no-apps',
      severity: 'error',
      comment: 'The packages serve the apps and never import them.',
      from: { path: '^packages/' },
      to: { path: '^apps/|^@filaha/(?:api|web)(?:/|$)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // What is built or generated (not node_modules: excluded, npm packages would vanish from the rules' sight).
    exclude: {
      path: '^(?:apps|packages)/[^/]+/(?:dist|coverage)/|^(?:coverage|data|e2e/artifacts|bench/out|packages/imagery/demo-catalog)/',
    },
    // TypeScript's own parser: type-only imports are dependencies too (marked `type-only`), as the cycle rule wants.
    tsPreCompilationDeps: true,
    // Our packages resolve to their sources (package.json `exports`, the `@filaha/source` condition), as in tsc.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@filaha/source', 'import', 'require', 'node', 'default'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
