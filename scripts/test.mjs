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
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_PROJECTS, NODE_PROJECTS, postgresProjectName } from './test-plan.mjs';

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
const browserSummaryFile = join(root, 'coverage', 'test-summary-e2e.json');
/** The last run's browser file times (before they are removed below), to balance this run's browser runs. */
const lastBrowserTimes = existsSync(browserSummaryFile)
  ? Object.fromEntries(JSON.parse(readFileSync(browserSummaryFile, 'utf8')).files.map((f) => [f.file, f.ms / 1000]))
  : {};
rmSync(summaryFile, { force: true });
rmSync(browserSummaryFile, { force: true });
if (onServer)
  console.log(`DATABASE_URL is set: running the database-backed projects against ${redact(process.env.DATABASE_URL)}`);
if (alsoOnServer)
  console.log(
    `TEST_POSTGRES_URL is set: the database-backed projects run on the embedded database and on ${redact(alsoOnServer)}`,
  );

const vitest = (args, file, stdio) =>
  new Promise((resolve) => {
    const child = spawn(
      'npx',
      ['vitest', 'run', ...args, '--reporter=default', '--reporter=./scripts/test-summary-reporter.mjs', ...extra],
      { cwd: root, stdio, env: { ...process.env, TEST_SUMMARY_FILE: file } },
    );
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('exit', (code, signal) => resolve({ status: code ?? (signal ? 1 : 0), output }));
  });

/**
 * The browser files split into E2E_RUNS groups (default 2) of about equal time, each run by a vitest of its own
 * against its own platform (e2e/src/global-setup.ts): one browser file at a time mostly waits (polls, a shaped
 * network, the platform), so two runs side by side use the time the other leaves. Times: the last local run's
 * summary, else e2e/durations.json, else the median; the slowest first into the least loaded group.
 */
function browserGroups() {
  const runs = Math.max(1, Number(process.env.E2E_RUNS) || 2);
  const dir = join(root, 'e2e', 'tests');
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.e2e.ts'))
    .map((name) => `e2e/tests/${name}`);
  const recorded = JSON.parse(readFileSync(join(root, 'e2e', 'durations.json'), 'utf8')).seconds;
  const known = (file) => lastBrowserTimes[file] ?? recorded[file.slice('e2e/'.length)];
  const times = files
    .map(known)
    .filter((t) => t !== undefined)
    .sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 60;
  const groups = Array.from({ length: Math.min(runs, files.length) }, () => ({ seconds: 0, files: [] }));
  for (const file of files.sort((a, b) => (known(b) ?? median) - (known(a) ?? median))) {
    const group = groups.reduce((least, g) => (g.seconds < least.seconds ? g : least));
    group.files.push(file);
    group.seconds += known(file) ?? median;
  }
  return groups.map((g) => g.files);
}

let status;
const summaries = [summaryFile];
if (onServer) {
  status = (
    await vitest(
      DATABASE_PROJECTS.flatMap(({ name }) => ['--project', name]),
      summaryFile,
      'inherit',
    )
  ).status;
} else if (extra.length > 0) {
  status = (await vitest([], summaryFile, 'inherit')).status;
} else {
  // The browser files run one at a time against one platform (e2e/vitest.config.ts), and vitest runs such a
  // project's files after every other project's. Started as a run of their own beside the others, they overlap:
  // the browser suite mostly waits (on Chromium, on the platform), while the others use the cores. Its output is
  // printed whole once both runs have ended.
  const projects = [
    ...NODE_PROJECTS,
    ...(alsoOnServer ? DATABASE_PROJECTS.map(({ name }) => postgresProjectName(name)) : []),
  ];
  const groups = browserGroups();
  console.log(
    `Browser tests (e2e) run beside the others (${projects.join(', ')}), as ${groups.length} runs of their own, ` +
      'each against its own platform; their output follows at the end.',
  );
  const groupFile = (i) => browserSummaryFile.replace(/\.json$/, `-${i + 1}.json`);
  groups.forEach((_, i) => rmSync(groupFile(i), { force: true }));
  const [main, ...browser] = await Promise.all([
    vitest(
      projects.flatMap((name) => ['--project', name]),
      summaryFile,
      'inherit',
    ),
    ...groups.map((files, i) => vitest(['--project', 'e2e', ...files], groupFile(i), ['ignore', 'pipe', 'pipe'])),
  ]);
  browser.forEach((run, i) => {
    console.log(`\n== Browser tests (e2e), run ${i + 1} of ${groups.length} ==`);
    process.stdout.write(run.output);
  });
  status = main.status || browser.reduce((s, run) => s || run.status, 0);
  summaries.push(...groups.map((_, i) => groupFile(i)));
}

const missing = summaries.filter((file) => !existsSync(file));
if (missing.length > 0) {
  console.error(`The test run ended without its summary (${missing.map((f) => f.slice(root.length)).join(', ')}).`);
  process.exit(status || 1);
}
const parts = summaries.map((file) => JSON.parse(readFileSync(file, 'utf8')));
const summary = {
  wallMs: Math.max(...parts.map((p) => p.wallMs)),
  projects: {},
  total: { passed: 0, failed: 0, skipped: 0 },
};
for (const p of parts) {
  for (const k of ['passed', 'failed', 'skipped']) summary.total[k] += p.total[k];
  // The browser runs each report the project e2e: their counts add up.
  for (const [name, counts] of Object.entries(p.projects)) {
    const into = (summary.projects[name] ??= { files: 0, passed: 0, failed: 0, skipped: 0 });
    for (const k of Object.keys(into)) into[k] += counts[k] ?? 0;
  }
}
const browserParts = parts.filter((p) => p.files.some((f) => f.project === 'e2e'));
if (browserParts.length > 1) {
  // One file for the browser suite, as a single run would have written (its times balance the next run).
  const files = browserParts.flatMap((p) => p.files).sort((a, b) => b.ms - a.ms);
  writeFileSync(browserSummaryFile, JSON.stringify({ ...summary, files }, null, 2));
}
console.log('\nPer project:');
for (const [name, p] of Object.entries(summary.projects).sort())
  console.log(`  ${name.padEnd(18)} ${p.files} files: ${p.passed} passed, ${p.failed} failed, ${p.skipped} skipped`);
console.log(`\nTest run: ${Math.round(summary.wallMs / 1000)} s wall (slowest files in coverage/test-summary*.json)`);
// The failures once more, last: a long run's log is often read from its end (or only its end is kept).
const failures = parts.flatMap((p) => p.failures ?? []);
if (failures.length > 0) {
  console.log(`\nFailed (${failures.length}):`);
  for (const f of failures) console.log(`  [${f.project}] ${f.file} > ${f.test}\n      ${f.error}`);
}
const unhandled = parts.flatMap((p) => p.unhandled ?? []);
if (unhandled.length > 0) {
  console.log(`\nErrors outside the tests (${unhandled.length}; they fail the run; "Unhandled Errors" above):`);
  for (const error of unhandled) console.log(`  ${error}`);
}
const { passed, failed, skipped } = summary.total;
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (passed + failed === 0) {
  console.error('No test ran.');
  process.exit(1);
}
process.exit(status);
