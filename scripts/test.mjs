#!/usr/bin/env node
// The README's test command: builds the web app when it is missing or older than its sources (the API's
// static-serving tests and the browser tests use it), then runs every vitest project in one run.
//
//   npm test                                   everything on the embedded database (PGlite)
//   TEST_POSTGRES_URL=postgres://… npm test    the same, plus the database-backed projects (db, api) again against
//                                              that PostgreSQL server, in the same run (what .ci/run does)
//   DATABASE_URL=postgres://… npm test         only the database-backed projects, against that server
//
// Extra arguments go to vitest (e.g. `npm test -- apps/api/src/config.test.ts`).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_PROJECTS } from './test-plan.mjs';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd, args, env = process.env) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;
const redact = (url) => url.replace(/\/\/[^@]*@/, '//');

const extra = process.argv.slice(2);
const onServer = Boolean(process.env.DATABASE_URL);
const alsoOnServer = process.env.TEST_POSTGRES_URL;
if (onServer && alsoOnServer) {
  console.error('Set DATABASE_URL (database projects on that server only) or TEST_POSTGRES_URL (both), not both.');
  process.exit(1);
}

if (!onServer) {
  // Only what is stale: in CI `npm run build` has just built it.
  const code = run(process.execPath, ['scripts/build.mjs', '--if-stale', '--web-only']);
  if (code !== 0) process.exit(code);
}

const summaryFile = join(root, 'coverage', onServer ? 'test-summary-postgres.json' : 'test-summary.json');
rmSync(summaryFile, { force: true });
const projects = onServer ? DATABASE_PROJECTS.flatMap(({ name }) => ['--project', name]) : [];
if (onServer)
  console.log(`DATABASE_URL is set: running the database-backed projects against ${redact(process.env.DATABASE_URL)}`);
if (alsoOnServer)
  console.log(
    `TEST_POSTGRES_URL is set: the database-backed projects run on the embedded database and on ${redact(alsoOnServer)}`,
  );

const status = run(
  'npx',
  ['vitest', 'run', ...projects, '--reporter=default', '--reporter=./scripts/test-summary-reporter.mjs', ...extra],
  { ...process.env, TEST_SUMMARY_FILE: summaryFile },
);

if (!existsSync(summaryFile)) {
  console.error('The test run ended without its summary (coverage/test-summary*.json).');
  process.exit(status || 1);
}
const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
console.log('\nPer project:');
for (const [name, p] of Object.entries(summary.projects).sort())
  console.log(`  ${name.padEnd(18)} ${p.files} files: ${p.passed} passed, ${p.failed} failed, ${p.skipped} skipped`);
console.log(
  `\nTest run: ${Math.round(summary.wallMs / 1000)} s wall (slowest files in ${summaryFile.slice(root.length)})`,
);
const { passed, failed, skipped } = summary.total;
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (passed + failed === 0) {
  console.error('No test ran.');
  process.exit(1);
}
process.exit(status);
