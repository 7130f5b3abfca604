// `npm run bench:territory` — issue 30 §3, acceptance 4: the territory view at 100,000 parcels and 10 M season points on
// the PostgreSQL server (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a scratch database is made
// and dropped), through the API's own queries (modules/organisations/territory/territory.repository.ts). The
// organisation holds BENCH_PARCELS parcels (default 100,000: ~3 ha squares on a grid over the Mitidja, six crops) with
// BENCH_POINTS_PER_PARCEL NDVI points each (default 100: a point a week over two seasons), written by the server itself
// (INSERT … SELECT: the bench's shortcut, not what the tile passes do). Measured: the refresh of the territory table
// (every parcel's condition), the figures (summary and visits) for all parcels and with a crop filter, and vector
// tiles (ST_AsMVT) over the whole grid at zooms 10 to 14; "first map view" = the figures, then the 12 tiles of a
// 1280 × 800 desktop view at zoom 12 fetched 6 at a time, as a browser does. Writes bench/out/territory.json and the
// "Territory view" section of docs/PERFORMANCE.md.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, seed, sql } from '@filaha/db';
import { createTerritoryRepository } from '../apps/api/src/modules/organisations/territory/territory.repository.ts';
import { writeDocSection } from './lib/doc-section.ts';
import { pgAdmin } from './lib/pg-admin.ts';
import { exitWhenDone, machineInfo } from './lib/machine.ts';
import { elapsed, now, percentile } from './lib/stats.ts';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PARCELS = Number(process.env.BENCH_PARCELS ?? 100_000);
const PER_PARCEL = Number(process.env.BENCH_POINTS_PER_PARCEL ?? 100);
const COLS = 400;
const STEP = 0.002;
const WEST = 2.5;
const SOUTH = 36.2;
const log = (line: string) => process.stdout.write(`${line}\n`);

const admin = (statement: string) => pgAdmin(BASE_URL, statement);

function tileOf(lon: number, lat: number, z: number) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lon + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}

const timed = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
  const t0 = now();
  const value = await f();
  return [value, elapsed(t0)];
};

async function run(): Promise<number> {
  const load = loadavg();
  const name = 'filaha_bench_territory';
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const database = await createDb({ databaseUrl: url.toString(), dataDir: mkdtempSync(join(tmpdir(), 'bt-')) });
  const { db } = database;
  const results: Record<string, unknown> = {};
  try {
    await seed(database, { demo: false });
    const org = (
      await db.execute<{ id: number }>(sql`
        INSERT INTO organisations (name, type, access_code) VALUES ('Bench', 'agricultural_directorate', 'BENCH001')
        RETURNING id`)
    ).rows[0]!.id;
    const rows = Math.ceil(PARCELS / COLS);
    let [, ms] = await timed(() =>
      db.execute(sql`
        INSERT INTO parcels (name, organisation_id, geom)
        SELECT 'p' || g, ${org},
               ST_SetSRID(ST_MakeEnvelope(${sql.raw(`${WEST} + (g % ${COLS}) * ${STEP}, ${SOUTH} + (g / ${COLS}) * ${STEP}, ${WEST} + (g % ${COLS}) * ${STEP} + 0.0018, ${SOUTH} + (g / ${COLS}) * ${STEP} + 0.0016`)}), 4326)
          FROM generate_series(0, ${PARCELS - 1}) g`),
    );
    log(`${PARCELS} parcels in ${(ms / 1000).toFixed(1)} s`);
    await db.execute(sql`
      INSERT INTO parcel_seasons (parcel_id, season, crop, irrigated, irrigation_system)
      SELECT id, s, (ARRAY['durum_wheat','barley','olive','potato','citrus','fodder'])[1 + id % 6],
             id % 4 = 0, CASE WHEN id % 4 = 0 THEN 'drip' END
        FROM parcels, (VALUES (2024), (2025)) v(s) WHERE organisation_id = ${org}`);
    // A point a week over two seasons from 1 September 2024; a seasonal curve, each parcel its own level, one in 40
    // much weaker in its last weeks.
    const chunk = 10_000;
    const t0 = now();
    const ids = (
      await db.execute<{ min: number; max: number }>(sql`
      SELECT min(id) AS min, max(id) AS max FROM parcels WHERE organisation_id = ${org}`)
    ).rows[0]!;
    for (let from = ids.min; from <= ids.max; from += chunk) {
      await db.execute(sql`
        INSERT INTO series_points (parcel_id, index_code, basis, scene_id, date, status, stats, valid_fraction)
        SELECT p.id, 'NDVI', 'bench', 'S2_BENCH_' || k, DATE '2024-09-01' + 7 * k, 'point',
               jsonb_build_object('median',
                 0.25 + 0.35 * greatest(0, sin(pi() * ((7 * k) % 365) / 300.0)) + 0.1 * ((p.id % 7) / 7.0)
                 - CASE WHEN p.id % 40 = 0 AND k > ${PER_PARCEL - 6} THEN 0.3 ELSE 0 END
                 + 0.02 * (((p.id * 31 + k * 17) % 11) / 11.0)),
               0.9
          FROM parcels p, generate_series(0, ${PER_PARCEL - 1}) k
         WHERE p.organisation_id = ${org} AND p.id BETWEEN ${from} AND ${from + chunk - 1}`);
    }
    await db.execute(sql`ANALYZE`);
    const points = Number(
      (await db.execute<{ n: number }>(sql`SELECT count(*)::bigint AS n FROM series_points`)).rows[0]!.n,
    );
    log(`${points} points in ${(elapsed(t0) / 1000).toFixed(1)} s`);
    results.points = points;

    const repo = createTerritoryRepository(db);
    [, ms] = await timed(() => repo.ensureFresh(org, 0));
    results.refreshMs = ms;
    log(`refresh of ${PARCELS} conditions: ${(ms / 1000).toFixed(1)} s`);

    const summaryTimes: number[] = [];
    const cropTimes: number[] = [];
    let classes: unknown;
    for (let i = 0; i < 15; i++) {
      const [s, a] = await timed(async () => {
        const r = await repo.summary(org, {});
        await repo.visits(org, {}, 100);
        return r;
      });
      summaryTimes.push(a);
      classes = s.rows.reduce<Record<string, number>>(
        (m, r) => ({ ...m, [String(r.class)]: (m[String(r.class)] ?? 0) + r.parcels }),
        {},
      );
      const [, b] = await timed(async () => {
        await repo.summary(org, { crop: 'barley' });
        await repo.visits(org, { crop: 'barley' }, 100);
      });
      cropTimes.push(b);
    }
    results.classes = classes;
    results.summary = { p50: percentile(summaryTimes, 50), p95: percentile(summaryTimes, 95) };
    results.summaryCrop = { p50: percentile(cropTimes, 50), p95: percentile(cropTimes, 95) };
    log(
      `figures: p50 ${percentile(summaryTimes, 50).toFixed(0)} ms, with a crop ${percentile(cropTimes, 50).toFixed(0)} ms`,
    );

    // A crop's curve (one sixth of the parcels, two seasons of points: about 1.7 M points read) as the refresh job
    // computes it ahead (or a first read), then as the reads serve it (organisation_curves).
    const curveTimes: number[] = [];
    let curveDays = 0;
    for (let i = 0; i < 5; i++) {
      const [c, t] = await timed(() => repo.curve(org, 'barley', 3));
      curveTimes.push(t);
      curveDays = c.rows.length;
    }
    const run = await repo.ensureFresh(org);
    await repo.cachedCurve(org, 'barley', run, 3);
    const keptTimes: number[] = [];
    for (let i = 0; i < 15; i++) keptTimes.push((await timed(() => repo.cachedCurve(org, 'barley', run, 3)))[1]);
    results.curve = { p50: percentile(curveTimes, 50), p95: percentile(curveTimes, 95), days: curveDays };
    results.curveKept = { p50: percentile(keptTimes, 50), p95: percentile(keptTimes, 95) };
    log(
      `crop curve: computed p50 ${percentile(curveTimes, 50).toFixed(0)} ms (${curveDays} days), kept p50 ${percentile(keptTimes, 50).toFixed(1)} ms`,
    );

    const east = WEST + COLS * STEP;
    const north = SOUTH + rows * STEP;
    const tileTimes: Record<number, number[]> = {};
    const bytes: number[] = [];
    for (const z of [10, 11, 12, 13, 14]) {
      const a = tileOf(WEST, north, z);
      const b = tileOf(east, SOUTH, z);
      const all: Array<[number, number]> = [];
      for (let x = a.x; x <= b.x; x++) for (let y = a.y; y <= b.y; y++) all.push([x, y]);
      // At most 40 tiles a zoom, spread over the grid.
      const pick = all.filter((_, i) => i % Math.max(1, Math.floor(all.length / 40)) === 0).slice(0, 40);
      tileTimes[z] = [];
      for (const [x, y] of pick) {
        const [tile, t] = await timed(() => repo.tile(org, {}, z, x, y, true));
        tileTimes[z]!.push(t);
        if ('mvt' in tile) bytes.push(tile.mvt.length);
      }
    }
    const allTiles = Object.values(tileTimes).flat();
    results.tiles = Object.fromEntries(
      Object.entries(tileTimes).map(([z, t]) => [z, { n: t.length, p50: percentile(t, 50), p95: percentile(t, 95) }]),
    );
    results.tileP95 = percentile(allTiles, 95);
    results.tileBytesP50 = percentile(bytes, 50);
    log(`tiles: p95 ${percentile(allTiles, 95).toFixed(0)} ms over ${allTiles.length}`);

    // First map view: the figures, then a 1280 × 800 view at zoom 12 (5 × 4 tiles of 256 px, 12 after the frame's
    // first row and column are cut by the viewport: taken as 12), 6 at a time.
    const centre = tileOf((WEST + east) / 2, (SOUTH + north) / 2, 12);
    const view: Array<[number, number]> = [];
    for (let dx = -2; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) view.push([centre.x + dx, centre.y + dy]);
    const firstViews: number[] = [];
    for (let i = 0; i < 5; i++) {
      const [, t] = await timed(async () => {
        await repo.summary(org, {});
        await repo.visits(org, {}, 100);
        for (let k = 0; k < view.length; k += 6)
          await Promise.all(view.slice(k, k + 6).map(([x, y]) => repo.tile(org, {}, 12, x, y, true)));
      });
      firstViews.push(t);
    }
    results.firstView = { p50: percentile(firstViews, 50), max: Math.max(...firstViews) };
    log(`first view: p50 ${percentile(firstViews, 50).toFixed(0)} ms`);
  } finally {
    await database.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const info = { ...machineInfo(load), date: new Date().toISOString(), parcels: PARCELS };
  mkdirSync(join(import.meta.dirname, 'out'), { recursive: true });
  writeFileSync(join(import.meta.dirname, 'out', 'territory.json'), JSON.stringify({ ...info, ...results }, null, 2));
  const r = results as {
    points: number;
    refreshMs: number;
    summary: { p50: number; p95: number };
    summaryCrop: { p50: number; p95: number };
    curve: { p50: number; p95: number; days: number };
    curveKept: { p50: number; p95: number };
    tiles: Record<string, { n: number; p50: number; p95: number }>;
    tileP95: number;
    tileBytesP50: number;
    firstView: { p50: number; max: number };
    classes: Record<string, number>;
  };
  const f = (v: number) => `${Math.round(v).toLocaleString('en')} ms`;
  const verdict = (ok: boolean) => (ok ? '**met**' : '**not met**');
  await writeDocSection(
    [
      '## Territory view (`bench:territory`)',
      '',
      `_Generated by \`npm run bench:territory\` (bench/territory.ts) on ${info.date.slice(0, 16).replace('T', ' ')} UTC; raw figures in \`bench/out/territory.json\`._`,
      '',
      `**Machine**: ${info.cpus} cores (${info.cpuModel}), ${info.memoryGiB} GiB, Node ${info.node}, load average ${info.loadAverageStart.map((v) => v.toFixed(2)).join(' / ')} at the start, ${info.loadAverageEnd.map((v) => v.toFixed(2)).join(' / ')} at the end. PostgreSQL server on 127.0.0.1 (a scratch database).`,
      '',
      `**Method**: one organisation holding ${PARCELS.toLocaleString('en')} parcels (~3 ha squares on a grid over the Mitidja, six crops, the same in both seasons) with ${r.points.toLocaleString('en')} NDVI points (a point a week over two seasons, written by the server: the bench's shortcut), through the API's own queries (territory.repository.ts): the refresh computes every parcel's condition (CONDITION_RULE) into the territory table; "figures" is the summary (classes, crop × class, wilaya × class, extent) and the visit list, as \`GET …/territory\` runs them after a fresh refresh; tiles are \`ST_AsMVT\` tiles over the grid (at most 40 a zoom); "first map view" is the figures then the 12 tiles of a 1280 × 800 view at zoom 12 fetched 6 at a time. Classes found: ${Object.entries(
        r.classes,
      )
        .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
        .join(', ')}.`,
      '',
      '| measure | p50 | p95 |',
      '| --- | --- | --- |',
      `| refresh of the conditions (once per 5 minutes, or after a grant or import) | ${f(r.refreshMs)} | — |`,
      `| figures, all parcels | ${f(r.summary.p50)} | ${f(r.summary.p95)} |`,
      `| figures, one crop | ${f(r.summaryCrop.p50)} | ${f(r.summaryCrop.p95)} |`,
      `| a crop's curve, two seasons (${r.curve.days} days), computed (by the refresh job, or a first read) | ${f(r.curve.p50)} | ${f(r.curve.p95)} |`,
      `| a crop's curve as the reads serve it (kept per refresh) | ${f(r.curveKept.p50)} | ${f(r.curveKept.p95)} |`,
      ...Object.entries(r.tiles).map(
        ([z, t]) => `| vector tile, zoom ${z} (${t.n} tiles) | ${f(t.p50)} | ${f(t.p95)} |`,
      ),
      `| first map view | ${f(r.firstView.p50)} | max ${f(r.firstView.max)} |`,
      '',
      '| goal (issue 30 §3) | measured | status |',
      '| --- | --- | --- |',
      `| aggregates ≤ 500 ms | ${f(r.summary.p95)} (p95, all parcels) | ${verdict(r.summary.p95 <= 500)} |`,
      `| aggregates ≤ 500 ms: a crop's curve | ${f(r.curveKept.p95)} as served (p95); ${f(r.curve.p50)} when computed (p50) | ${verdict(r.curveKept.p95 <= 500)} as served; ${verdict(r.curve.p50 <= 500)} when computed |`,
      `| first map view ≤ 2 s on a desktop | ${f(r.firstView.p50)} (p50; the refresh apart) | ${verdict(r.firstView.p50 <= 2000)} |`,
      `| a vector tile ≤ 200 ms p95 | ${f(r.tileP95)} | ${verdict(r.tileP95 <= 200)} |`,
      '',
      `The refresh is not in these figures: after a tile pass stores points it runs in a queued job (territory-refresh) while the reads serve the previous rows, and that job also computes each crop's curve ahead; but the first view after 5 minutes, a grant or an import still runs it in the request and waits for it (${f(r.refreshMs)} here), and a crop's curve not computed yet for the current rows is computed at its first read.`,
      '',
    ].join('\n'),
  );
  return 0;
}

exitWhenDone(run());
