// Marketplace listing under load: fills a fresh PostgreSQL database `filaha_bench` with 10,000 publications,
// starts the real app (buildApp + listen, in a child process so the load generator does not share its event
// loop), and measures GET /api/publications/all (first page, a search, a filtered page) with autocannon at 50
// connections; then the same SQL straight through `pg` with 50 clients as the floor. Writes bench/out/marketplace.json
// and the "Marketplace" section of docs/PERFORMANCE.md.
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_DURATION seconds (default 10).
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { writeDocSection } from './lib/doc-section.ts';
import {
  createDb,
  hashPassword,
  publicationCountStatement,
  publicationListStatement,
  statementText,
  type PublicationListFilters,
  publicationImages,
  publications,
  sellerPlans,
  sellerSubscriptions,
  seed,
  userSellerRoles,
  users,
  eq,
} from '@filaha/db';
import { PublicationListQuery } from '@filaha/shared';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';

/** A statement as `pg` runs it. */
type SqlQuery = { text: string; values: unknown[] };

interface AutocannonResult {
  latency: { p50: number; p99: number };
  requests: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: { url: string; connections: number; duration: number }) => Promise<AutocannonResult>;
// autocannon ships no types; this is the one call used.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const PUBLICATIONS = 10_000;
const SELLERS = 300;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const benchUrl = (() => {
  const url = new URL(BASE_URL);
  url.pathname = '/filaha_bench';
  return url.toString();
})();
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-0123456789';
/** Writes per second of the second API run: another process changing one publication's quantity each time. */
const WRITES_PER_S = 10;

const SCENARIOS = [
  { name: 'first page', query: 'page=1&limit=24' },
  { name: 'search "tomate"', query: 'q=tomate&page=1&limit=24' },
  { name: 'filtered page', query: 'wilaya=16&etat=DISPO&minPrice=100&maxPrice=50000&sort=price_asc&page=2&limit=24' },
] as const;

// ---- data ---------------------------------------------------------------------------------------------------
const FR = [
  'Tomates',
  'Pommes de terre',
  'Oignons',
  'Oranges Thomson',
  'Dattes Deglet Nour',
  "Huile d'olive",
  'Blé dur',
  'Orge',
  'Engrais NPK',
  'Semences de maïs',
  'Tracteur',
  'Pulvérisateur',
  'Poivrons',
  'Carottes',
  'Pastèques',
  'Melons',
  'Figues sèches',
  'Abricots',
  'Lait de vache',
  'Miel de montagne',
  'Fourrage',
  'Paille',
  'Motopompe',
  'Kit goutte-à-goutte',
  'Serre tunnel',
];
const AR = [
  'طماطم',
  'بطاطا',
  'بصل',
  'برتقال',
  'تمر دقلة نور',
  'زيت زيتون',
  'قمح صلب',
  'شعير',
  'سماد',
  'بذور ذرة',
  'جرار',
  'مضخة',
  'فلفل',
  'جزر',
  'بطيخ',
  'تين',
  'مشمش',
  'حليب',
  'عسل',
  'تبن',
];
const QUALIFIERS = [
  'fraîches',
  'bio',
  'de saison',
  'qualité export',
  'en gros',
  'premier choix',
  'طازجة',
  'عضوي',
  'بالجملة',
];
const WILAYAS = [16, 16, 16, 31, 31, 9, 9, 25, 19, 6, 35, 42, 15, 26, 13, 5, 7, 17, 30, 47];

let seedState = 42;
/** Deterministic pseudo-random numbers, so every run measures the same data. */
function rand(): number {
  seedState = (seedState * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seedState / 2_147_483_648;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

async function fill(): Promise<void> {
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS filaha_bench WITH (FORCE)');
  await admin.query('CREATE DATABASE filaha_bench');
  await admin.end();

  const dataDir = mkdtempSync(join(tmpdir(), 'filaha-bench-fill-'));
  const database = await createDb({ databaseUrl: benchUrl, dataDir });
  try {
    await seed(database, { demo: false });
    const { db } = database;
    const [plan] = await db.select({ id: sellerPlans.id }).from(sellerPlans).where(eq(sellerPlans.name, 'Vendeur Pro'));
    if (!plan) throw new Error('seed has no Vendeur Pro plan');
    const passwordHash = await hashPassword('bench-password');
    const sellers = await db
      .insert(users)
      .values(
        Array.from({ length: SELLERS }, (_, i) => ({
          email: `seller${i}@bench.filaha.dz`,
          userName: `Vendeur ${i}`,
          passwordHash,
          phoneNumber: '0555000000',
          wilayaId: pick(WILAYAS),
          roleId: i % 10 === 0 ? 2 : 6,
        })),
      )
      .returning({ id: users.id, roleId: users.roleId });
    await db
      .insert(userSellerRoles)
      .values(
        sellers.filter((s) => s.roleId === 6).map((s) => ({ userId: s.id, sellerRoleId: 1 + Math.floor(rand() * 6) })),
      );
    const today = new Date().toISOString().slice(0, 10);
    const subscriptions = await db
      .insert(sellerSubscriptions)
      .values(
        sellers.map((s) => ({
          sellerPlanId: plan.id,
          userId: s.id,
          startDate: today,
          endDate: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`,
          state: 'actif' as const,
        })),
      )
      .returning({ id: sellerSubscriptions.id, userId: sellerSubscriptions.userId });

    const now = Date.now();
    for (let start = 0; start < PUBLICATIONS; start += 1000) {
      const rows = Array.from({ length: Math.min(1000, PUBLICATIONS - start) }, () => {
        const sub = pick(subscriptions);
        const arabic = rand() < 0.3;
        return {
          userId: sub.userId,
          sellerSubscriptionId: sub.id,
          productName: `${arabic ? pick(AR) : pick(FR)} ${pick(QUALIFIERS)}`,
          unitPrice: Math.round(10 + rand() ** 3 * 2_000_000) / 10,
          quantity: Math.round(rand() * 5000),
          address: 'Bench',
          phone: '0555123456',
          state: rand() < 0.8 ? ('DISPO' as const) : ('NONDISPO' as const),
          createdAt: new Date(now - Math.floor(rand() * 365 * 86_400_000)),
        };
      });
      const inserted = await db.insert(publications).values(rows).returning({ id: publications.id });
      const images = inserted.flatMap(({ id }) =>
        Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, position) => {
          const base = `publications/${randomUUID()}`;
          return { publicationId: id, key: `${base}.webp`, thumbnailKey: `${base}.thumb.webp`, position };
        }),
      );
      await db.insert(publicationImages).values(images);
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---- measurements -------------------------------------------------------------------------------------------
/** The statements the API runs for a query string (@filaha/db's, which the API's repository runs). */
function statementsFor(queryString: string): SqlQuery[] {
  const query = PublicationListQuery.parse(Object.fromEntries(new URLSearchParams(queryString)));
  const limit = query.limit ?? 24;
  const filters: PublicationListFilters = { ...query, limit, offset: ((query.page ?? 1) - 1) * limit };
  return [statementText(publicationListStatement(filters)), statementText(publicationCountStatement(filters))];
}

/** Node types and indexes of a plan, to show the listing is served by indexes. */
function planSummary(node: Record<string, unknown>, out: string[] = []): string[] {
  const type = String(node['Node Type']);
  const index = node['Index Name'] ? ` ${String(node['Index Name'])}` : '';
  const relation = node['Relation Name'] && !index ? ` ${String(node['Relation Name'])}` : '';
  out.push(`${type}${index}${relation}`);
  for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) planSummary(child, out);
  return out;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Another process writing while the API answers: every 1/WRITES_PER_S s one publication's quantity changes
 * (straight through `pg`, so only the database's listing counter tells the API). Each write makes every
 * cached listing page stale, so this run measures the cache's misses too.
 */
function startWriter(): { stop: () => Promise<number> } {
  const client = new pg.Client({ connectionString: benchUrl });
  let writes = 0;
  let timer: NodeJS.Timeout | undefined;
  let pending: Promise<unknown> = Promise.resolve();
  const ready = client.connect().then(() => {
    timer = setInterval(() => {
      const id = 1 + Math.floor(rand() * PUBLICATIONS);
      pending = client
        .query(
          'UPDATE publications SET quantity = quantity + 1 WHERE id = (SELECT min(id) + $1 - 1 FROM publications)',
          [id],
        )
        .then(() => (writes += 1));
    }, 1000 / WRITES_PER_S);
  });
  return {
    async stop() {
      await ready;
      clearInterval(timer);
      await pending;
      await client.end();
      return writes;
    },
  };
}

async function direct(statements: SqlQuery[]) {
  const clients = await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const client = new pg.Client({ connectionString: benchUrl });
      await client.connect();
      return client;
    }),
  );
  const latencies: number[] = [];
  const run = async (client: pg.Client, until: number) => {
    while (performance.now() < until) {
      const started = performance.now();
      for (const s of statements) await client.query(s.text, s.values);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(clients.map((c) => run(c, performance.now() + 1000)));
  latencies.length = 0;
  const began = performance.now();
  await Promise.all(clients.map((c) => run(c, began + DURATION_S * 1000)));
  const seconds = (performance.now() - began) / 1000;
  await Promise.all(clients.map((c) => c.end()));
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: latencies.length / seconds };
}

async function main(): Promise<void> {
  const started = Date.now();
  console.log(`filling ${PUBLICATIONS} publications into ${benchUrl.replace(/\/\/[^@]*@/, '//')} …`);
  await fill();
  const analyse = new pg.Client({ connectionString: benchUrl });
  await analyse.connect();
  await analyse.query('VACUUM ANALYZE');
  const plans: Record<string, string[][]> = {};
  for (const scenario of SCENARIOS) {
    plans[scenario.name] = [];
    for (const s of statementsFor(scenario.query)) {
      const { rows } = await analyse.query<{ 'QUERY PLAN': Array<{ Plan: Record<string, unknown> }> }>(
        `EXPLAIN (FORMAT JSON) ${s.text}`,
        s.values,
      );
      plans[scenario.name]?.push(planSummary(rows[0]?.['QUERY PLAN'][0]?.Plan ?? {}));
    }
  }
  await analyse.end();

  const server = fork(resolve(import.meta.dirname, 'marketplace.ts'), [], {
    env: { ...process.env, BENCH_MARKETPLACE_SERVER: '1' },
  });
  const address = await new Promise<string>((ok, fail) => {
    server.once('message', (m) => ok((m as { address: string }).address));
    server.once('exit', (code) => fail(new Error(`server exited with ${code}`)));
  });
  const results: ScenarioResult[] = [];
  try {
    for (const scenario of SCENARIOS) {
      const url = `${address}/api/publications/all?${scenario.query}`;
      const check = await fetch(url);
      const body = (await check.json()) as { total?: number; items?: unknown[] };
      if (check.status !== 200 || !body.items?.length)
        throw new Error(`${scenario.name}: ${check.status} ${JSON.stringify(body).slice(0, 200)}`);
      await autocannon({ url, connections: CONNECTIONS, duration: 1 }); // warm-up
      const http = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
      const writer = startWriter();
      const httpWrites = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
      const writes = await writer.stop();
      const floor = await direct(statementsFor(scenario.query));
      results.push({
        scenario: scenario.name,
        query: scenario.query,
        matching: body.total,
        api: {
          p50: http.latency.p50,
          p99: http.latency.p99,
          rps: Math.round(http.requests.average),
          non2xx: http.non2xx,
          errors: http.errors + http.timeouts,
        },
        apiWrites: {
          p50: httpWrites.latency.p50,
          p99: httpWrites.latency.p99,
          rps: Math.round(httpWrites.requests.average),
          non2xx: httpWrites.non2xx,
          errors: httpWrites.errors + httpWrites.timeouts,
          writes,
        },
        pg: { p50: +floor.p50.toFixed(2), p99: +floor.p99.toFixed(2), rps: Math.round(floor.rps) },
        plans: plans[scenario.name],
      });
    }
  } finally {
    server.send('stop');
  }

  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_S} s each, ${PUBLICATIONS} publications (${cpus().length} cores, load ${loadavg()[0]?.toFixed(1)})`,
  );
  console.log(
    'scenario            | API p50 ms | API p99 ms | API req/s | +writes p99 | +writes req/s | pg p50 ms | pg p99 ms | pg req/s',
  );
  for (const r of results) {
    console.log(
      `${r.scenario.padEnd(19)} | ${String(r.api.p50).padStart(10)} | ${String(r.api.p99).padStart(10)} | ${String(r.api.rps).padStart(9)} | ${String(r.apiWrites.p99).padStart(11)} | ${String(r.apiWrites.rps).padStart(13)} | ${String(r.pg.p50).padStart(9)} | ${String(r.pg.p99).padStart(9)} | ${String(r.pg.rps).padStart(8)}`,
    );
    for (const run of [r.api, r.apiWrites])
      if (run.non2xx || run.errors) console.log(`  ! ${run.non2xx} non-2xx answers, ${run.errors} errors`);
  }
  for (const r of results) console.log(`plan ${r.scenario}: ${r.plans?.map((p) => p.join(' > ')).join(' || ')}`);
  const outDir = resolve(import.meta.dirname, 'out');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    join(outDir, 'marketplace.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        // The machine is shared: figures depend on what else runs (cores and load average at the end of the run).
        cpus: cpus().length,
        loadAverage: loadavg().map((l) => +l.toFixed(2)),
        publications: PUBLICATIONS,
        connections: CONNECTIONS,
        durationSeconds: DURATION_S,
        results,
      },
      null,
      2,
    ),
  );
  await writeDocSection(marketplaceSection(results));
  console.log(
    `\nwrote bench/out/marketplace.json and docs/PERFORMANCE.md (${Math.round((Date.now() - started) / 1000)} s)`,
  );
  if (process.env.BENCH_KEEP_DB !== '1') {
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS filaha_bench WITH (FORCE)');
    await admin.end();
  }
}

type ScenarioResult = {
  scenario: string;
  query: string;
  matching?: number;
  api: { p50: number; p99: number; rps: number; non2xx: number; errors: number };
  apiWrites: { p50: number; p99: number; rps: number; non2xx: number; errors: number; writes: number };
  pg: { p50: number; p99: number; rps: number };
  plans?: string[][];
};

/** How the API compares with the floor, in words, from the figures of this run. */
function findings(results: ScenarioResult[]): string[] {
  const floorP99 = Math.max(...results.map((r) => r.pg.p99));
  const apiP99 = Math.max(...results.flatMap((r) => [r.api.p99, r.apiWrites.p99]));
  const lines = [
    `**Why the API can beat its floor**: a listing page is cached in the API process per value of the database's ` +
      'listing change counter (`marketplace_listing_version`, bumped by triggers in the transaction of every write the ' +
      'listing reads; migration 0006, `apps/api/src/modules/marketplace/listing-cache.ts`). Each request reads that one ' +
      'row (requests arriving together share the read) instead of running the page and count statements, and concurrent ' +
      'misses of a page share one query; a write by any process shows on the next request. The floor runs the two ' +
      `statements for every request. The second API run adds ${WRITES_PER_S} writes a second from another process, each ` +
      'of which makes every cached page stale, so it includes the misses. A page asked for the first time since ' +
      'the last write still costs what the floor costs, plus the counter read: the cache pays off on the pages asked ' +
      "again and again between writes — the first pages, the common searches and filters — where a marketplace's " +
      'traffic goes.',
    '',
  ];
  if (floorP99 >= 50)
    lines.push(
      `**Finding**: the floor itself has a p99 of up to ${floorP99} ms on this machine, where the load generator, Node ` +
        `and PostgreSQL share ${cpus().length} cores: with ${CONNECTIONS} queries in flight each waits behind the others ` +
        `for CPU. ${apiP99 < 50 ? 'The cache keeps the API under the target anyway.' : 'Even with the cache, the API misses the target here.'} ` +
        'The page queries walk the intended indexes (plans in the JSON output).',
      '',
    );
  return lines;
}

function marketplaceSection(results: ScenarioResult[]): string {
  const verdict = (ok: boolean) => (ok ? '**met**' : '**not met**');
  const worstP99 = Math.max(...results.flatMap((r) => [r.api.p99, r.apiWrites.p99]));
  const worstShare = Math.min(...results.map((r) => (r.pg.rps ? Math.min(r.api.rps, r.apiWrites.rps) / r.pg.rps : 0)));
  return [
    '## Marketplace',
    '',
    `_Generated by \`npm run bench:marketplace\` (bench/marketplace.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; raw figures and query plans in \`bench/out/marketplace.json\`._`,
    '',
    `**Machine**: ${cpus().length} cores, Node ${process.version}, PostgreSQL at \`${BASE_URL.replace(/\/\/[^@]*@/, '//')}\`, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')} at the end (the load generator, the API and PostgreSQL share these cores).`,
    '',
    `**Method**: a fresh database \`filaha_bench\` with the migrations, the seed, ${SELLERS} sellers and ${PUBLICATIONS.toLocaleString('en')} publications (with images); the real app in a child process; autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per run after a 1 s warm-up, on \`GET /api/publications/all\`: once read-only, once while another process updates a publication ${WRITES_PER_S} times a second; the floor is the same SQL (count + page) sent straight through \`pg\` by ${CONNECTIONS} clients in the same run.`,
    '',
    `| scenario | query | matching | API p50 ms | API p99 ms | API req/s | with ${WRITES_PER_S} writes/s: p50 ms | p99 ms | req/s | pg p50 ms | pg p99 ms | pg req/s | API / pg throughput (worse run) |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.scenario} | \`${r.query}\` | ${r.matching ?? '—'} | ${r.api.p50} | ${r.api.p99} | ${r.api.rps} | ${r.apiWrites.p50} | ${r.apiWrites.p99} | ${r.apiWrites.rps} | ${r.pg.p50} | ${r.pg.p99} | ${r.pg.rps} | ${r.pg.rps ? (Math.min(r.api.rps, r.apiWrites.rps) / r.pg.rps).toFixed(2) : '—'} |`,
    ),
    '',
    '| target (issue 5, acceptance 3) | goal | measured (worst scenario and run) | status |',
    '| --- | --- | --- | --- |',
    `| API p99 at ${CONNECTIONS} connections | < 50 ms | ${worstP99} ms | ${verdict(worstP99 < 50)} |`,
    `| API throughput vs direct \`pg\` | ≥ 0.5× | ${worstShare.toFixed(2)}× | ${verdict(worstShare >= 0.5)} |`,
    '',
    ...findings(results),
  ].join('\n');
}

// ---- entry: the parent fills and measures; the forked child is the real app, listening --------------------------
if (process.env.BENCH_MARKETPLACE_SERVER === '1') {
  await serve();
} else {
  await main();
}

async function serve(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'filaha-bench-api-'));
  const config = loadConfig({
    DATABASE_URL: benchUrl,
    DATA_DIR: dataDir,
    JWT_SECRET,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000000',
    DEMO_DATA: 'false',
  });
  const database = await createDb({ databaseUrl: benchUrl, dataDir });
  const app = await buildApp(config, { database });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ address });
  process.on('message', async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}
