// `npm run series -w bench` (or `npm run bench:series`) — issue 15 §1: the season curve of a 50 ha parcel,
// `GET /api/parcelle/{id}/series`, end to end through the real API (embedded PostgreSQL) on COGs in the real
// Sentinel-2 layout (lib/real-size-catalog.ts: 10980² at 10 m, 1024² DEFLATE tiles, generated once with GDAL)
// served over loopback with an added delay per request, over a season of 30 acquisitions (lib/real-size-season.ts).
// Cold: a parcel never asked about, with the engine's tile cache cold (new COG URLs); every acquisition assessed
// on its SCL, the clear ones' index bands read, the points stored. Stored: the same request again, answered from
// the stored points (the catalog is still searched, to find acquisitions not seen yet). Writes
// bench/out/series.json and the "Season curve" section of docs/PERFORMANCE.md.
// Environment: BENCH_PARCELS (default 6), BENCH_REPEATS (default 20), BENCH_DELAY_MS (default 20),
// BENCH_ACQUISITIONS (default 30), BENCH_NO_DOC=1 (leave the doc alone), FILAHA_BENCH_CACHE (cache folder).
import { cpus, loadavg } from 'node:os';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { projector } from '@filaha/imagery';
import { factories } from '@filaha/db/testing';
import { startCogServer } from './lib/cog-server.ts';
import { writeDocSection } from './lib/doc-section.ts';
import { exitWhenDone } from './lib/machine.ts';
import { createFarmer, squareOfHectares, startPlatform } from './lib/platform.ts';
import { ensureRealSizeCatalog } from './lib/real-size-catalog.ts';
import { ensureSeasonCatalog } from './lib/real-size-season.ts';
import { elapsed, ms, now, summarize, type Summary } from './lib/stats.ts';
import { prng } from './lib/prng.ts';

const PARCELS = Number(process.env.BENCH_PARCELS ?? 6);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 20);
const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 20);
const ACQUISITIONS = Number(process.env.BENCH_ACQUISITIONS ?? 30);
const HECTARES = 50;
const OUT = join(import.meta.dirname, 'out', 'series.json');

const log = (line: string) => process.stdout.write(`${line}\n`);

// The 29RKH tile: UTM 29N, 10980 × 10980 px of 10 m from (199980, 2800020); parcels 2 km clear of its edges.
const TILE = { epsg: 32629, x0: 199_980, y0: 2_800_020, size: 109_800, margin: 2_000 } as const;

interface ParcelRun {
  parcelId: number;
  center: [number, number];
  coldMs: number;
  points: number;
  skipped: number;
  cogRequests: number;
  cogMiB: number;
  stacSearches: number;
  stored: Summary;
  storedCogRequests: number;
}

interface SeriesAnswer {
  points: unknown[];
  skipped: Array<{ reason: string }>;
}

async function main(): Promise<number> {
  const started = Date.now();
  const base = await ensureRealSizeCatalog(log);
  const season = await ensureSeasonCatalog(base, ACQUISITIONS);
  log(`season: ${season.items.length} acquisitions ${season.from} … ${season.to} in ${season.dir}`);
  const server = await startCogServer(season.dir, { delayMs: DELAY_MS, fromDisk: true });
  const platform = await startPlatform(server.stacUrl, { SERIES_DAILY_LIMIT: '100000' });
  const runs: ParcelRun[] = [];
  try {
    const farmer = await createFarmer(platform, 10);
    const random = prng(15);
    const p = projector(TILE.epsg);
    const get = async (id: number) => {
      const response = await fetch(
        `${platform.url}/api/parcelle/${id}/series?index=NDVI&from=${season.from}&to=${season.to}`,
        { headers: { authorization: `Bearer ${farmer.token}` } },
      );
      const body = (await response.json()) as SeriesAnswer;
      if (response.status !== 200) throw new Error(`series ${id}: ${response.status} ${JSON.stringify(body)}`);
      return body;
    };
    for (let n = 0; n < PARCELS; n++) {
      const span = TILE.size - 2 * TILE.margin;
      const [lon, lat] = p.inverse(TILE.x0 + TILE.margin + random() * span, TILE.y0 - TILE.margin - random() * span);
      const { parcel } = await factories.createParcel(platform.database, {
        userId: farmer.userId,
        name: `Bench season ${n + 1}`,
        geom: squareOfHectares(lon!, lat!, HECTARES),
      });
      server.bumpGeneration();
      const before = server.counters();
      const t0 = now();
      const cold = await get(parcel.id);
      const coldMs = elapsed(t0);
      const coldCounters = server.since(before);
      const timings: number[] = [];
      const beforeStored = server.counters();
      for (let r = 0; r < REPEATS; r++) {
        const t = now();
        const again = await get(parcel.id);
        timings.push(elapsed(t));
        if (again.points.length !== cold.points.length) throw new Error('a stored repeat answered other points');
      }
      const run: ParcelRun = {
        parcelId: parcel.id,
        center: [Math.round(lon! * 1e5) / 1e5, Math.round(lat! * 1e5) / 1e5],
        coldMs: ms(coldMs),
        points: cold.points.length,
        skipped: cold.skipped.length,
        cogRequests: coldCounters.cogRequests,
        cogMiB: Math.round((coldCounters.cogBytes / 2 ** 20) * 10) / 10,
        stacSearches: coldCounters.stacSearches,
        stored: summarize(timings),
        storedCogRequests: server.since(beforeStored).cogRequests,
      };
      runs.push(run);
      log(
        `parcel ${n + 1}: cold ${run.coldMs} ms (${run.points} points, ${run.skipped} skipped, ${run.cogRequests} COG ` +
          `requests, ${run.cogMiB} MiB); stored p50 ${ms(run.stored.p50)} ms, p95 ${ms(run.stored.p95)} ms ` +
          `(${run.storedCogRequests} COG requests)`,
      );
    }
  } finally {
    await platform.close();
    await server.close();
  }
  const cold = summarize(runs.map((r) => r.coldMs));
  const stored = summarize(runs.flatMap((r) => [r.stored.p50]));
  const storedP95 = summarize(runs.map((r) => r.stored.p95));
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg().map((v) => Math.round(v * 10) / 10) },
    settings: { parcels: PARCELS, hectares: HECTARES, acquisitions: ACQUISITIONS, repeats: REPEATS, delayMs: DELAY_MS },
    season: { from: season.from, to: season.to },
    cold,
    storedP50: stored,
    storedP95,
    runs,
    durationS: Math.round((Date.now() - started) / 100) / 10,
  };
  await mkdir(join(import.meta.dirname, 'out'), { recursive: true });
  await writeFile(OUT, JSON.stringify(report, null, 2));
  const verdict = (value: number, goal: number) => (value <= goal ? 'met' : 'not met');
  const rows = runs
    .map(
      (r) =>
        `| ${r.parcelId} | ${r.points} / ${r.skipped} | ${r.coldMs} | ${r.cogRequests} | ${r.cogMiB} | ${ms(r.stored.p50)} | ${ms(r.stored.p95)} | ${r.storedCogRequests} |`,
    )
    .join('\n');
  const section = `## Season curve

\`npm run bench:series\` (\`bench/series.ts\`, issue 15 §1): \`GET /api/parcelle/{id}/series?index=NDVI\` through the real
API on the embedded database, for ${PARCELS} new parcels of ${HECTARES} ha placed at random in a 29RKH tile in the real
Sentinel-2 layout (10980² at 10 m, 1024² DEFLATE + predictor 2 tiles, generated once with GDAL), over a season of
${ACQUISITIONS} acquisitions (${season.from} … ${season.to}, one every 5 days, the clouds of two SCL variants), every COG and
STAC request answered by a loopback server after ${DELAY_MS} ms. **Cold**: a parcel never asked about, the engine's
tile cache cold (new COG URLs): each acquisition's SCL read, the clear ones' red and NIR read, every point stored.
**Stored**: the same request ${REPEATS} times more, answered from the stored points (one catalog search still runs, to
find acquisitions not seen yet). Run of ${report.date.slice(0, 16).replace('T', ' ')} UTC, ${report.machine.cpus} cores, load
average ${report.machine.loadavg.join(' / ')} (other work was running on the same 2 cores).

| goal | measured | |
| --- | --- | --- |
| cold ≤ 3 s | p50 ${ms(cold.p50)} ms, max ${ms(cold.max)} ms | ${verdict(cold.p50, 3000)} |
| stored ≤ 50 ms | p50 of the parcels' p50 ${ms(stored.p50)} ms (their p95: p50 ${ms(storedP95.p50)} ms) | ${verdict(stored.p50, 50)} |

| parcel | points / skipped | cold (ms) | COG requests | MiB read | stored p50 (ms) | stored p95 (ms) | COG requests when stored |
| --- | --- | --- | --- | --- | --- | --- | --- |
${rows}

Raw figures: \`bench/out/series.json\`.
`;
  if (process.env.BENCH_NO_DOC !== '1') await writeDocSection(section);
  log(section);
  return 0;
}

if (import.meta.main) {
  exitWhenDone(main());
}
