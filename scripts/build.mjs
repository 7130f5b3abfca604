#!/usr/bin/env node
// The build: the workspace packages and the API compiled to JavaScript by `tsc -b tsconfig.build.json` (into each
// workspace's dist/), then the web app by Vite (apps/web/dist/).
//
//   node scripts/build.mjs                       `npm run build`: a clean build of everything
//   node scripts/build.mjs --if-stale [--no-web] `npm start` / `npm run worker`: only what is missing or older than
//                                                its sources; without the build tools (`npm ci --omit=dev`) nothing
//                                                is built and the built code must already be there
//   node scripts/build.mjs --if-stale --web-only `npm test`: the web app only, when missing or older than its sources
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { runQuietly } from './lib/quiet-step.mjs';

const root = new URL('..', import.meta.url).pathname;
const args = new Set(process.argv.slice(2));
const ifStale = args.has('--if-stale');
const withWeb = !args.has('--no-web');
const webOnly = args.has('--web-only');

/** The TypeScript workspaces in build order: their compiled folders and what the runtime loads from each. */
const COMPILED = [
  { dir: 'packages/shared', sources: ['src'], outputs: ['dist/index.js'] },
  { dir: 'packages/db', sources: ['src'], outputs: ['dist/index.js'] },
  {
    dir: 'packages/imagery',
    sources: ['src', 'scripts'],
    outputs: ['dist/src/index.js', 'dist/scripts/make-demo-catalog.js'],
  },
  { dir: 'apps/api', sources: ['src'], outputs: ['dist/server.js', 'dist/worker.js'] },
];
const WEB_OUTPUT = 'apps/web/dist/index.html';
/** What the web bundle is made from (besides apps/web itself, minus its node_modules and dist). */
const WEB_INPUTS = ['packages/shared/src', 'package-lock.json'];

/** Resolves `specifier` as the given workspace would; undefined when it is not installed. */
function installed(specifier, from) {
  try {
    return createRequire(join(root, from, 'package.json')).resolve(specifier);
  } catch {
    return undefined;
  }
}

function run(cmd, cmdArgs) {
  const status = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit' }).status ?? 1;
  if (status !== 0) process.exit(status);
}

/** Where a build made on behalf of start, worker or test writes its output (issue 27 §3: a start prints what a person needs). */
const BUILD_LOG = join(root, 'node_modules', '.cache', 'filaha', 'build.log');

/** A build step of `--if-stale`: one line in the terminal, its output in BUILD_LOG (printed only if it fails). */
async function quietly(label, cmd, cmdArgs) {
  const status = await runQuietly(label, cmd, cmdArgs, { cwd: root, logFile: BUILD_LOG });
  if (status !== 0) process.exit(status);
}

/** Newest modification time (ms) of a file or of every file below a folder, node_modules and dist left out. */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    latest = Math.max(latest, newest(join(path, entry.name)));
  }
  return latest;
}

const builtAt = (file) => statSync(join(root, file), { throwIfNoEntry: false })?.mtimeMs ?? 0;
const missing = COMPILED.flatMap(({ dir, outputs }) => outputs.map((o) => `${dir}/${o}`)).filter(
  (file) => !existsSync(join(root, file)),
);
const webStale = () => builtAt(WEB_OUTPUT) < Math.max(...['apps/web', ...WEB_INPUTS].map((p) => newest(join(root, p))));

// TypeScript 7's native compiler (the dev dependency `typescript-native`; see scripts/tsc.mjs).
const tsc = installed('typescript-native/package.json', '.')?.replace(/package\.json$/, 'bin/tsc');
const vite = installed('vite', 'apps/web');
// A full `npm ci`. Checked by Vite (a dev dependency only): TypeScript alone is no sign, since `npm ci --omit=dev`
// installs it too (an optional peer of i18next), and such an install runs the built code as it is.
const buildTools = Boolean(tsc && vite);

if (!ifStale) {
  if (!buildTools) {
    console.error('npm run build needs the build tools (TypeScript, Vite): run `npm ci` (not `--omit=dev`) first.');
    process.exit(1);
  }
  for (const { dir } of COMPILED) rmSync(join(root, dir, 'dist'), { recursive: true, force: true });
  run(process.execPath, [tsc, '-b', 'tsconfig.build.json']);
  if (withWeb) run('npm', ['run', 'build:web', '--silent']);
  process.exit(0);
}

if (webOnly) {
  // The tests run the TypeScript sources: only the web app's build is needed (by the static-serving and browser tests).
} else if (buildTools) {
  // Incremental: tsc -b compares every project with its dist/.tsbuildinfo and rebuilds only what changed; it prints
  // nothing but errors.
  run(process.execPath, [tsc, '-b', 'tsconfig.build.json']);
} else if (missing.length > 0) {
  console.error(
    `The built code is missing (${missing.join(', ')}) and the build tools are not installed: ` +
      'build it first with `npm ci && npm run build`, then `npm ci --omit=dev`.',
  );
  process.exit(1);
} else {
  // tsc rewrites a project's dist/.tsbuildinfo on every build that changed it (not every output file).
  const stale = COMPILED.filter(
    ({ dir, sources }) =>
      builtAt(`${dir}/dist/.tsbuildinfo`) < Math.max(...sources.map((s) => newest(join(root, dir, s)))),
  );
  if (stale.length > 0)
    console.warn(
      `Note: ${stale.map(({ dir }) => dir).join(', ')} changed since the last build; running the older built code ` +
        '(the build tools are not installed).',
    );
}

if (withWeb && webStale()) {
  if (buildTools)
    await quietly('Building the web app (missing, or older than its sources)', 'npm', ['run', 'build:web', '--silent']);
  else if (!existsSync(join(root, WEB_OUTPUT)))
    console.warn('Note: the web app is not built and Vite is not installed: the API starts without it.');
}
