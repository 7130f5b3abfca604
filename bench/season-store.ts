// `npm run bench:season-store` — issue 29 §2: the season points at national size on the PostgreSQL server, in the
// real schema (migration 0019: series_points partitioned by season) through the API's own code. A scratch database
// (BENCH_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/test) is filled with BENCH_POINTS season
// points (default 10,000,000: about 71,000 parcels × 2 indices × 70 acquisitions of one season) and the catalog
// records the watching jobs keep (one poll, the season's 70 acquisitions, every parcel × item claim). Measured:
//   - storing points as the tile passes do (season module's insert, STORE_BATCH rows a statement, ON CONFLICT DO NOTHING),
//     BENCH_APP_POINTS of them (default 200,000: the points of one tile pass of 100,000 parcels × 2 indices);
//   - the rest filled by one INSERT … SELECT on the server (the bench's own shortcut, reported apart);
//   - bytes per million points (every partition with its indexes) and the catalog_parcel_items claims per season;
//   - the farmer's curve of a season read from the stored points (the season service's request path without HTTP:
//     parcel, index and subscription lookups, the "current" check, the window read) for 1,000 random parcels;
//   - a season removed by dropping its partition.
// Writes bench/out/season-store.json and the "Season points at national size" section of docs/PERFORMANCE.md.
import { mkdtempSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, parcels, seed, sql, type Database } from '@filaha/db';
import { factories } from '@filaha/db/testing';
import type { IndexStats } from '@filaha/shared';
import { memoryCounterStore } from '../apps/api/src/lib/counters.ts';
import { createImagery } from '../apps/api/src/lib/imagery/imagery.ts';
import { createImageryLookups } from '../apps/api/src/modules/images/public.ts';
import { seriesBasis } from '../apps/api/src/modules/season/public.ts';
import { createSeasonRepository, type SeriesRow } from '../apps/api/src/modules/season/season.repository.ts';
import { createSeasonService } from '../apps/api/src/modules/season/season.service.ts';
import { STORE_BATCH } from '../apps/api/src/jobs/tile-pass.ts';
import { writeDocSection } from './lib/doc-section.ts';
import { pgAdmin } from './lib/pg-admin.ts';
import { exitWhenDone, machineInfo } from './lib/machine.ts';
import { prng } from './lib/prng.ts';
import { elapsed, ms, now, summarize } from './lib/stats.ts';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const POINTS = Number(process.env.BENCH_POINTS ?? 10_000_000);
const APP_POINTS = Number(process.env.BENCH_APP_POINTS ?? 200_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 1_000);
const INDICES = ['NDMI', 'NDVI'] as const;
/** The 2025–26 season: an acquisition every 5 days from 1 September, 70 of them. */
const ACQUISITIONS = Array.from({ length: 70 }, (_, k) => {
  const date = new Date(Date.UTC(2025, 8, 1) + k * 5 * 86_400_000).toISOString().slice(0, 10);
  return {
    date,
    key: `sentinel-2${k % 2 ? 'b' : 'a'}|${date}`,
    scene: `S2${k % 2 ? 'B' : 'A'}_31SDA_${date.replaceAll('-', '')}_0_L2A`,
  };
});
const SEASON = { from: '2025-09-01', to: '2026-08-31', partition: 'series_points_s2025' };
/** The tile pass job's batch (BENCH_BATCH to try another). */
const BATCH = Number(process.env.BENCH_BATCH ?? STORE_BATCH);
const OUT = join(import.meta.dirname, 'out', 'season-store.json');
const log = (line: string) => process.stdout.write(`${line}\n`);

const admin = (statement: string) => pgAdmin(BASE_URL, statement);

const statsOf = (random: () => number): IndexStats => {
  const mean = 0.2 + random() * 0.6;
  return {
    min: mean - 0.2,
    max: mean + 0.2,
    mean,
    std: 0.05 + random() * 0.05,
    median: mean + 0.01,
    p25: mean - 0.05,
    p75: mean + 0.05,
    count: 300 + Math.floor(random() * 5000),
    validFraction: 0.6 + random() * 0.4,
    resolution: 10,
  };
};

async function run(): Promise<number> {
  const load = loadavg();
  const name = 'filaha_bench_season';
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const database: Database = await createDb({
    databaseUrl: url.toString(),
    dataDir: mkdtempSync(join(tmpdir(), 'sb-')),
  });
  const { db } = database;
  try {
    const parcelsNeeded = Math.ceil(POINTS / (INDICES.length * ACQUISITIONS.length));
    log(
      `${POINTS.toLocaleString('en')} points: ${parcelsNeeded.toLocaleString('en')} parcels × ${INDICES.length} indices × ${ACQUISITIONS.length} acquisitions`,
    );
    await seed(database, { demo: false });
    const { user } = await factories.createUser(database, { role: 'User' });
    const { plan } = await factories.createPlan(database, { requests: { NDVI: 3, NDMI: 3 } });
    await factories.createFarmerSubscription(database, { userId: user.id, planId: plan.id });
    // ~3 ha squares on a grid over the Mitidja.
    await db.execute(sql`
      INSERT INTO parcels (name, user_id, geom)
      SELECT 'p' || g, ${user.id},
             ST_SetSRID(ST_MakeEnvelope(2.5 + (g % 400) * 0.002, 36.4 + (g / 400) * 0.002,
                                        2.5 + (g % 400) * 0.002 + 0.0018, 36.4 + (g / 400) * 0.002 + 0.0016), 4326)
        FROM generate_series(0, ${parcelsNeeded - 1}) g`);
    const imagery = createImagery({ catalogPath: mkdtempSync(join(tmpdir(), 'sb-catalog-')) });
    // The curve must be read from the stored points: any catalog search is counted (and would find nothing).
    let searches = 0;
    const search = imagery.catalog.search.bind(imagery.catalog);
    Object.assign(imagery.catalog, {
      search: (query: Parameters<typeof search>[0]) => {
        searches += 1;
        return search(query);
      },
    });
    // Every parcel's basis from its geometry as the application reads it, as the jobs compute it.
    const geoms = await db.select({ id: parcels.id, geom: parcels.geom }).from(parcels).orderBy(parcels.id);
    const basisOf = new Map(geoms.map((r) => [r.id, seriesBasis(r.geom, imagery)]));
    const parcelIds = geoms.map((r) => r.id);

    // 1. As the tile passes store: the season module's insert, 500 rows a statement.
    const random = prng(29);
    const appParcels = parcelIds.slice(0, Math.ceil(APP_POINTS / (INDICES.length * ACQUISITIONS.length)));
    const repo = createSeasonRepository(db);
    let stored = 0;
    let pending: SeriesRow[] = [];
    const t0 = now();
    for (const a of ACQUISITIONS) {
      for (const parcelId of appParcels) {
        for (const index of INDICES) {
          const stats = statsOf(random);
          pending.push({
            parcelId,
            indexCode: index,
            basis: basisOf.get(parcelId)!,
            sceneId: a.scene,
            date: a.date,
            status: 'point',
            stats,
            validFraction: stats.validFraction,
            tiles: [a.scene],
          });
          if (pending.length === BATCH) {
            stored += await repo.insert(pending);
            pending = [];
          }
        }
      }
    }
    stored += await repo.insert(pending);
    const appMs = elapsed(t0);
    log(
      `app path: ${stored.toLocaleString('en')} points in ${(appMs / 1000).toFixed(1)} s (${Math.round(stored / (appMs / 1000)).toLocaleString('en')}/s)`,
    );

    // 2. The rest, on the server (same row shape, the bench's shortcut).
    const t1 = now();
    await db.execute(sql`CREATE TEMP TABLE bench_basis (parcel_id integer PRIMARY KEY, basis text NOT NULL)`);
    const entries = [...basisOf];
    for (let i = 0; i < entries.length; i += 2000) {
      const rows = entries.slice(i, i + 2000).map(([id, basis]) => sql`(${id}, ${basis})`);
      await db.execute(sql`INSERT INTO bench_basis (parcel_id, basis) VALUES ${sql.join(rows, sql`, `)}`);
    }
    const rest = parcelIds.slice(appParcels.length);
    for (const a of ACQUISITIONS) {
      await db.execute(sql`
        INSERT INTO series_points (parcel_id, index_code, basis, scene_id, date, status, stats, valid_fraction, tiles)
        SELECT p.parcel_id, i.code, p.basis, ${a.scene}, ${a.date}::date, 'point',
               jsonb_build_object('min', m - 0.2, 'max', m + 0.2, 'mean', m, 'std', 0.07, 'median', m + 0.01,
                                  'p25', m - 0.05, 'p75', m + 0.05, 'count', 1200, 'validFraction', v, 'resolution', 10),
               v, jsonb_build_array(${a.scene}::text)
          FROM bench_basis p CROSS JOIN (VALUES ('NDMI'), ('NDVI')) AS i(code)
               CROSS JOIN LATERAL (SELECT 0.2 + random() * 0.6 AS m, 0.6 + random() * 0.4 AS v) r
         WHERE p.parcel_id >= ${rest[0] ?? 2 ** 31 - 1}
        ON CONFLICT DO NOTHING`);
    }
    const fillMs = elapsed(t1);
    await db.execute(sql`ANALYZE series_points`);
    const count = Number((await db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM series_points`)).rows[0]!.n);
    log(
      `server fill: ${(count - stored).toLocaleString('en')} more in ${(fillMs / 1000).toFixed(1)} s; ${count.toLocaleString('en')} in all`,
    );

    // 3. The catalog records of the watching jobs: one poll, the season's acquisitions, every claim.
    const [poll] = (
      await db.execute<{ id: number }>(
        sql`INSERT INTO catalog_polls (trigger, finished_at, window_start, window_end, parcels, found, new_acquisitions, jobs)
            VALUES ('schedule', now(), '2024-09-01', '2026-08-31', ${parcelIds.length}, 70, 70, 70) RETURNING id`,
      )
    ).rows;
    for (const a of ACQUISITIONS) {
      await db.execute(
        sql`INSERT INTO catalog_acquisitions (key, date, datetime, scene_ids, poll_id, parcels)
            VALUES (${a.key}, ${a.date}, ${`${a.date}T10:40:00Z`}, ${JSON.stringify([a.scene])}::jsonb, ${poll!.id}, ${parcelIds.length})`,
      );
      await db.execute(
        sql`INSERT INTO catalog_parcel_items (parcel_id, item_id, acquisition_key, poll_id)
            SELECT id, ${a.scene}, ${a.key}, ${poll!.id} FROM parcels`,
      );
    }
    await db.execute(sql`ANALYZE catalog_parcel_items`);

    const sizes = (
      await db.execute<{ points: string; items: string }>(sql`
        SELECT (SELECT sum(pg_total_relation_size(inhrelid)) FROM pg_inherits
                 WHERE inhparent = 'series_points'::regclass)::bigint AS points,
               pg_total_relation_size('catalog_parcel_items')::bigint AS items`)
    ).rows[0]!;
    const bytesPerMillion = (Number(sizes.points) / count) * 1e6;
    const itemBytesPerMillion = (Number(sizes.items) / (parcelIds.length * ACQUISITIONS.length)) * 1e6;

    // 4. The farmer's curve of the season, from the stored points.
    const service = createSeasonService({
      lookups: createImageryLookups(db),
      series: repo,
      imagery,
      counters: memoryCounterStore(),
      dailyLimit: 1e9,
    });
    const curve = (id: number, index: string) =>
      service.curve({
        ctx: { actor: { id: user.id, role: 'User', roleId: 2 }, lang: 'fr' },
        id,
        query: { index, from: SEASON.from, to: SEASON.to },
        retryAfter: () => undefined,
      });
    for (let i = 0; i < 20; i++) await curve(parcelIds[Math.floor(random() * parcelIds.length)]!, 'NDVI');
    const times: number[] = [];
    let points = 0;
    for (let i = 0; i < QUERIES; i++) {
      const id = parcelIds[Math.floor(random() * parcelIds.length)]!;
      const t = now();
      const answer = await curve(id, INDICES[i % 2]!);
      times.push(elapsed(t));
      points += answer.points.length;
    }
    const read = summarize(times);
    if (points !== QUERIES * ACQUISITIONS.length)
      throw new Error(`curves read ${points} points, expected ${QUERIES * 70}`);
    if (searches > 0) throw new Error(`the curves searched the catalog ${searches} times: not read from stored points`);
    log(`curve of a season from stored points: p50 ${ms(read.p50)} ms, p95 ${ms(read.p95)} ms (${QUERIES} parcels)`);

    // 5. The season archived away.
    const t2 = now();
    await db.execute(sql.raw(`DROP TABLE ${SEASON.partition}`));
    const dropMs = elapsed(t2);
    const left = Number((await db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM series_points`)).rows[0]!.n);
    log(`season dropped in ${ms(dropMs)} ms (${left} rows left)`);

    const report = {
      machine: machineInfo(load),
      points: count,
      parcels: parcelIds.length,
      batch: BATCH,
      appInsert: { rows: stored, ms: ms(appMs), rowsPerSecond: Math.round(stored / (appMs / 1000)) },
      serverFill: { rows: count - stored, ms: ms(fillMs) },
      bytes: {
        points: Number(sizes.points),
        perMillionPoints: Math.round(bytesPerMillion),
        items: Number(sizes.items),
        perMillionClaims: Math.round(itemBytesPerMillion),
      },
      curve: {
        ...read,
        p50: ms(read.p50),
        p95: ms(read.p95),
        mean: ms(read.mean),
        min: ms(read.min),
        max: ms(read.max),
      },
      dropSeason: { ms: ms(dropMs), rowsLeft: left },
    };
    await mkdir(join(import.meta.dirname, 'out'), { recursive: true });
    await writeFile(OUT, `${JSON.stringify(report, null, 2)}\n`);
    if (process.env.BENCH_NO_DOC !== '1') await writeDocSection(section(report));
    return read.p95 <= 50 ? 0 : 1;
  } finally {
    await database.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  }
}

function section(r: {
  machine: ReturnType<typeof machineInfo>;
  points: number;
  parcels: number;
  batch: number;
  appInsert: { rows: number; ms: number; rowsPerSecond: number };
  serverFill: { rows: number; ms: number };
  bytes: { perMillionPoints: number; perMillionClaims: number };
  curve: { n: number; p50: number; p95: number };
  dropSeason: { ms: number };
}): string {
  const n = (v: number) => Math.round(v).toLocaleString('en');
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  const season280 = (r.bytes.perMillionPoints * 280) / 2 ** 30;
  return `## Season points at national size (\`bench:season-store\`)

Issue 29 §2, measured by \`npm run bench:season-store\` on the PostgreSQL server (${r.machine.cpus} cores, ${r.machine.cpuModel},
Node ${r.machine.node}, load average ${r.machine.loadAverageStart.map((v) => v.toFixed(2)).join(' / ')} at the start).
The real schema (migration 0019: \`series_points\` partitioned by season) through the API's own code: ${n(r.points)}
season points of one season (${n(r.parcels)} parcels × 2 indices × 70 acquisitions) and the watching jobs' catalog
records (one poll, 70 acquisitions, every parcel × item claim).

| What | Measured | Goal |
| --- | --- | --- |
| Storing points as the tile passes do (${r.batch} rows a statement, ON CONFLICT DO NOTHING) | ${n(r.appInsert.rowsPerSecond)} points/s (${n(r.appInsert.rows)} in ${(r.appInsert.ms / 1000).toFixed(1)} s) | 200,000 points ≤ 10 s: ${r.appInsert.rowsPerSecond * 10 >= 200_000 ? 'met' : 'not met'} |
| Bytes per million points (every partition, with its indexes) | ${mb(r.bytes.perMillionPoints)} | — |
| A national season (280 million points) at that size | ${season280.toFixed(0)} GiB | — |
| Parcel × item claims (\`catalog_parcel_items\`) per million | ${mb(r.bytes.perMillionClaims)} | — |
| The farmer's curve of a season from stored points (${n(r.curve.n)} random parcels; lookups, "current" check, window read) | p50 ${r.curve.p50} ms, p95 ${r.curve.p95} ms | p95 ≤ 50 ms: ${r.curve.p95 <= 50 ? 'met' : 'not met'} |
| A season removed (DROP of its partition) | ${r.dropSeason.ms} ms | — |

The remaining ${n(r.serverFill.rows)} points were filled by one INSERT … SELECT per acquisition on the server in
${(r.serverFill.ms / 1000).toFixed(0)} s (the bench's shortcut, not the application's path). The claims table grows as
parcels × tiles × acquisitions (about 180 million rows a national season): only the recent window is needed by the
poll, so old seasons' claims can be removed with their season (a curve of such a season then goes back to the
catalog search, as before the jobs: its stored points are no longer known to be complete).
`;
}

exitWhenDone(run());
