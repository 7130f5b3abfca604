#!/usr/bin/env node
// TypeScript's compiler for the type check and the build: TypeScript 7, the native compiler (the root dev
// dependency `typescript-native`, an npm alias of `typescript@7`), several times faster than TypeScript 5's and
// multi-threaded. TypeScript 5 (`typescript`) stays for what needs its JavaScript API, which TypeScript 7 does not
// have yet: typescript-eslint, and the tests that compile in process (apps/api/test/openapi.test.ts). Both install
// a `tsc` command, so which one `node_modules/.bin/tsc` is depends on the install: call this script, never `tsc`.
//
//   node scripts/tsc.mjs <tsc arguments>   (run from any folder of the repository)
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const compiler = createRequire(import.meta.url)
  .resolve('typescript-native/package.json')
  .replace(/package\.json$/, 'bin/tsc');
const result = spawnSync(process.execPath, [compiler, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
