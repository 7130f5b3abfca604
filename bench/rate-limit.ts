// What shared rate-limit counters cost per request, and whether forgot-password still tells accounts apart by time.
//
//   npm run rate-limit -w bench            (PostgreSQL at BENCH_DATABASE_URL, default the local test server)
//
// 1. One counter hit (the work the general /api limit adds to every request), sequential and 16 at a time:
//    in memory, in PostgreSQL (pg pool) and in the embedded PGlite.
// 2. GET /api/health through the whole app (inject), the same database, counters in memory vs in PostgreSQL:
//    the difference is the per-request cost of sharing the counters.
// 3. POST /api/auth/forgot-password for an existing and an unknown e-mail (90 samples each, alternating).
// Raw figures go to bench/out/rate-limit.json.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@filaha/db';
import { createTestDatabase, factories } from '@filaha/db/testing';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { databaseCounterStore, memoryCounterStore, type CounterStore } from '../apps/api/src/lib/counters.ts';
import { elapsed, now, summarize, type Summary } from './lib/stats.ts';

/** Milliseconds with 0.01 ms precision: a counter hit is well under a millisecond. */
const ms = (v: number) => Math.round(v * 100) / 100;

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const HITS = 4000;
const REQUESTS = 2000;
const CONCURRENCY = 16;

async function openDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'postgres') process.env.DATABASE_URL = PG_URL;
  else delete process.env.DATABASE_URL;
  return createTestDatabase();
}

/** Per-operation latency (ms) sequentially, then operations per second with CONCURRENCY in flight. */
async function measure(op: (i: number) => Promise<unknown>, n: number) {
  for (let i = 0; i < 200; i++) await op(i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = now();
    await op(i);
    times.push(elapsed(t0));
  }
  let next = 0;
  const t0 = now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) await op(next++);
    }),
  );
  const wall = elapsed(t0);
  return { sequential: summarize(times), perSecondConcurrent: Math.round((n / wall) * 1000) };
}

async function storeFigures(name: string, counters: CounterStore) {
  // 200 keys (addresses), a 60 s window: what the general limit does.
  const result = await measure((i) => counters.hit(`bench-${name}:10.0.${i % 200}.1`, 60_000), HITS);
  console.log(`store ${name}: p50 ${ms(result.sequential.p50)} ms, ${result.perSecondConcurrent}/s at ${CONCURRENCY}`);
  return result;
}

/** The API's settings for a run in `dataDir`: quiet, a throwaway secret, no web build; `extra` on top. */
function benchConfig(dataDir: string, extra: Record<string, string>) {
  return loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    WEB_DIST: join(dataDir, 'no-web-build'),
    ...extra,
  });
}

async function appFigures(database: Database, counterPrefix: string, storeKind: 'memory' | 'postgres') {
  const dataDir = await mkdtemp(join(tmpdir(), 'filaha-bench-rl-'));
  const config = benchConfig(dataDir, {
    RATE_LIMIT_MAX: '100000000',
    ...(database.kind === 'postgres' ? { DATABASE_URL: PG_URL } : {}),
  });
  // The app picks the PostgreSQL store on a server; a PGlite-kind view of the same database gives the memory one.
  const viewed: Database = storeKind === 'memory' ? { ...database, kind: 'pglite' } : database;
  const app = await buildApp(config, { database: viewed, counterPrefix });
  try {
    return await measure(
      (i) => app.inject({ method: 'GET', url: '/api/health', remoteAddress: `10.1.${i % 200}.1` }),
      REQUESTS,
    );
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function forgotFigures(database: Database) {
  const dataDir = await mkdtemp(join(tmpdir(), 'filaha-bench-rl-'));
  const config = benchConfig(dataDir, { DATABASE_URL: PG_URL });
  const app = await buildApp(config, { database, counterPrefix: `bench-${randomUUID()}:` });
  try {
    // One account per round: the per-account limit (5 code requests an hour) must not turn samples into 429s.
    const known = [];
    for (let i = 0; i < 100; i++) known.push((await factories.createUser(database)).user.email);
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 100; i++) {
      for (const which of ['known', 'unknown'] as const) {
        const email = which === 'known' ? known[i]! : `nobody-${i}-${randomUUID()}@bench.filaha.dz`;
        const t0 = now();
        // Each sample from its own address, so no limit applies: only the answer's timing is measured.
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email },
          remoteAddress: `10.2.${i}.${which === 'known' ? 1 : 2}`,
        });
        const t = elapsed(t0);
        if (res.statusCode !== 200) throw new Error(`forgot answered ${res.statusCode}`);
        if (i >= 10) times[which].push(t); // the first 10 rounds warm up
        // The work after the answer (look-up, code, mail file) must not overlap the next sample.
        await app.background.idle();
        await app.mailer.flush();
      }
    }
    return { known: summarize(times.known), unknown: summarize(times.unknown) };
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const postgres = await openDatabase('postgres');
const pglite = await openDatabase('pglite');
const figures: Record<string, unknown> = { date: new Date().toISOString(), hits: HITS, requests: REQUESTS };
try {
  figures.store = {
    memory: await storeFigures('memory', memoryCounterStore()),
    postgres: await storeFigures('postgres', databaseCounterStore(postgres.db)),
    pglite: await storeFigures('pglite', databaseCounterStore(pglite.db)),
  };
  const health: Record<string, { sequential: Summary; perSecondConcurrent: number }> = {};
  for (const kind of ['memory', 'postgres'] as const) {
    health[kind] = await appFigures(postgres, `bench-${randomUUID()}:`, kind);
    console.log(`GET /api/health, counters ${kind}: p50 ${ms(health[kind].sequential.p50)} ms`);
  }
  figures.health = health;
  const forgot = await forgotFigures(postgres);
  figures.forgot = forgot;
  console.log(`forgot-password p50: known ${ms(forgot.known.p50)} ms, unknown ${ms(forgot.unknown.p50)} ms`);
} finally {
  await postgres.close();
  await pglite.close();
}

await mkdir(new URL('./out/', import.meta.url), { recursive: true });
await writeFile(new URL('./out/rate-limit.json', import.meta.url), `${JSON.stringify(figures, null, 2)}\n`);

const row = (name: string, s: { sequential: Summary; perSecondConcurrent: number }) =>
  `| ${name} | ${ms(s.sequential.p50)} | ${ms(s.sequential.p95)} | ${s.perSecondConcurrent} |`;
const store = figures.store as Record<string, { sequential: Summary; perSecondConcurrent: number }>;
const health = figures.health as Record<string, { sequential: Summary; perSecondConcurrent: number }>;
const forgot = figures.forgot as { known: Summary; unknown: Summary };
console.log(
  [
    '',
    '| counter hit | p50 ms | p95 ms | per s at 16 |',
    '| --- | --- | --- | --- |',
    row('memory', store.memory!),
    row('PostgreSQL (pg)', store.postgres!),
    row('PGlite', store.pglite!),
    '',
    '| GET /api/health (inject) | p50 ms | p95 ms | per s at 16 |',
    '| --- | --- | --- | --- |',
    row('counters in memory', health.memory!),
    row('counters in PostgreSQL', health.postgres!),
    '',
    `forgot-password p50 / p95 (ms, ${forgot.known.n} samples each): known ${ms(forgot.known.p50)} / ${ms(forgot.known.p95)}, unknown ${ms(forgot.unknown.p50)} / ${ms(forgot.unknown.p95)}`,
  ].join('\n'),
);
