#!/usr/bin/env node
// The README's test command: builds the web app (the API's static-serving tests and the browser tests use it),
// then runs every vitest project. With DATABASE_URL set, the database-backed projects run against that server
// (the web and browser projects do not touch a database; they run in the embedded pass).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd, args, env = process.env) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;

const extra = process.argv.slice(2);
const onServer = Boolean(process.env.DATABASE_URL);

if (!onServer && !process.env.SKIP_WEB_BUILD) {
  const code = run('npm', ['run', 'build:web', '--silent']);
  if (code !== 0) process.exit(code);
}

mkdirSync(join(root, 'coverage'), { recursive: true });
const report = join(root, 'coverage', onServer ? 'vitest-postgres.json' : 'vitest-embedded.json');
const projects = onServer ? ['--project', 'shared', '--project', 'db', '--project', 'api', '--project', 'imagery'] : [];
if (onServer)
  console.log(
    `DATABASE_URL is set: running the database-backed projects against ${process.env.DATABASE_URL.replace(/\/\/[^@]*@/, '//')}`,
  );

const status = run('npx', [
  'vitest',
  'run',
  ...projects,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extra,
]);

if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`\nTests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
  if (r.numTotalTests === 0) {
    console.error('No test ran.');
    process.exit(1);
  }
}
process.exit(status);
