// `npm run national -w bench` (or `npm run bench:national`) — issue 29 §4: the tile pass at national scale. One
// acquisition of the real-size 29RKH tile (lib/real-size-catalog.ts: 10980² at 10 m, 1024² DEFLATE + predictor 2
// blocks, generated once with GDAL, cached outside git) served over loopback with an added delay per request, and
// BENCH_PARCELS generated parcels in it (lib/national-parcels.ts), NDVI and NDMI. The pass (computeTilePass) runs
// in a child process (lib/national-pass.ts), so its CPU, peak RSS and reads are its own: once with one worker, then
// with two workers together (north and south halves of the tile, split on a block row). Checked: a random sample
// of the parcels against the per-parcel engine (computeSeries on the acquisition's day); the bytes read against the
// distinct blocks the parcels' windows need; the points stored on PostgreSQL (lib/national-store.ts). Writes
// bench/out/national.json and the "National scale: the tile pass" section of docs/PERFORMANCE.md, with a projection
// for Algeria. Environment: BENCH_PARCELS (default 100000), BENCH_SAMPLE (parcels checked, default 1000),
// BENCH_DELAY_MS (default 20), BENCH_PROFILE_PARCELS (a third run, one worker under node --cpu-prof over that many
// parcels, summed by stage; default 20000, 0 = none), BENCH_NO_DOC=1 (leave the doc alone), FILAHA_BENCH_CACHE.
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import {
  computeSeries,
  createCatalog,
  projector,
  type SeriesPoint,
  type SeriesSkip,
  type TilePassEntry,
} from '@filaha/imagery';
import { fromFile } from 'geotiff';
import { startCogServer, type CogServer, type ServerCounters } from './lib/cog-server.ts';
import { summarizeProfile, type ProfileStage } from './lib/cpu-profile.ts';
import { writeDocSection } from './lib/doc-section.ts';
import { exitWhenDone, machineInfo } from './lib/machine.ts';
import { generateParcels, TILE, type BenchParcel } from './lib/national-parcels.ts';
import type { PassInput, PassOutput } from './lib/national-pass.ts';
import { basisOf, rowsOf, storeRows, STORE_DATABASE, type StoreResult } from './lib/national-store.ts';
import { prng } from './lib/prng.ts';
import { ensureNeighbourCatalog, ensureRealSizeCatalog, NEIGHBOUR_ITEM } from './lib/real-size-catalog.ts';
import { percentile } from './lib/stats.ts';

const PARCELS = Number(process.env.BENCH_PARCELS ?? 100_000);
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 1_000);
const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 20);
const PROFILE_PARCELS = Number(process.env.BENCH_PROFILE_PARCELS ?? 20_000);
const INDICES = ['NDVI', 'NDMI'];
const DAY = '2020-02-19';
/** Block rows of every band in the pass's cache (tilePassCacheBytes). */
const CACHE_ROWS = 4;
/** The two workers' split: a block-row boundary near the middle of the tile (5 of the 11 rows of 1024 px north). */
const SPLIT_ROW = 5 * 1024;
const TOLERANCE = 1e-9;
const OUT_DIR = join(import.meta.dirname, 'out');
const OUT = join(OUT_DIR, 'national.json');
const PARCELS_FILE = join(OUT_DIR, 'national-parcels.json');
const PROFILE_DIR = join(OUT_DIR, 'national-profile');

/** Projection (issue 29): Algeria's parcels, the tiles of its northern cropland, acquisitions in a season. */
const ALGERIA = { parcels: [1_250_000, 3_000_000], tiles: 35, acquisitions: 70 } as const;
/** openEO's documented cost of one 10 ha NDWI series (issue 29). */
const OPENEO_CPU_S_PER_SERIES = 5_099;

const log = (line: string) => process.stdout.write(`${line}\n`);

const cpuS = (u: { user: number; system: number }) => (u.user + u.system) / 1e6;
const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;
const mib = (bytes: number) => round(bytes / 2 ** 20);
const gib = (bytes: number) => round(bytes / 2 ** 30, 2);
const fmt = (v: number, digits = 0) => v.toLocaleString('en-US', { maximumFractionDigits: digits });

interface WorkersRun {
  workers: PassOutput[];
  wire: ServerCounters;
  /** The 1-minute load average when the run ended (the machine's load during it: a run lasts about a minute). */
  load: number;
  /** First pass start to last pass end (s). */
  wallS: number;
}

/** Runs the pass in one child process per input, all together, and collects their outputs. */
async function runWorkers(server: CogServer, inputs: PassInput[], profileDir?: string): Promise<WorkersRun> {
  const before = server.counters();
  const script = join(import.meta.dirname, 'lib', 'national-pass.ts');
  const prof = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  await Promise.all(
    inputs.map(
      (input) =>
        new Promise<void>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            ['--conditions=@filaha/source', '--import', 'tsx', ...prof, script, JSON.stringify(input)],
            { cwd: import.meta.dirname, stdio: 'inherit' },
          );
          child.on('error', reject);
          child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pass worker exited with ${code}`))));
        }),
    ),
  );
  const wire = server.since(before);
  const workers: PassOutput[] = [];
  for (const input of inputs) {
    workers.push(JSON.parse(await readFile(input.out, 'utf8')) as PassOutput);
    await rm(input.out, { force: true });
  }
  const wallS = (Math.max(...workers.map((w) => w.passEnd)) - Math.min(...workers.map((w) => w.passStart))) / 1000;
  return { workers, wire, wallS, load: round(loadavg()[0]!) };
}

/** Compressed size of every internal block of the full-resolution image of each band file (TileByteCounts). */
async function blockBytes(dir: string, items: string[], files: string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const file of items.flatMap((item) => files.map((f) => `${item}/${f}`))) {
    const tiff = await fromFile(join(dir, file));
    const image = await tiff.getImage(0);
    const counts = (await image.getFileDirectory().loadValue('TileByteCounts')) as ArrayLike<number>;
    const across = Math.ceil(image.getWidth() / image.getTileWidth());
    for (let i = 0; i < counts.length; i++)
      sizes.set(`${file} ${i % across} ${Math.floor(i / across)}`, Number(counts[i]));
    await tiff.close();
  }
  return sizes;
}

/** The largest difference between two results of one parcel × index, or a description of what differs. */
function difference(a: SeriesPoint | SeriesSkip, b: SeriesPoint | SeriesSkip | undefined): number | string {
  if (b === undefined) return 'no result from the per-parcel engine';
  if ('stats' in a !== 'stats' in b) return `${'stats' in a ? 'point' : 'skip'} vs ${'stats' in b ? 'point' : 'skip'}`;
  if (!('stats' in a) || !('stats' in b)) return JSON.stringify(a) === JSON.stringify(b) ? 0 : 'skips differ';
  if (a.sceneId !== b.sceneId || a.date !== b.date || a.datetime !== b.datetime) return 'scene differs';
  if (JSON.stringify(a.tiles) !== JSON.stringify(b.tiles)) return 'tiles differ';
  let worst = 0;
  const keys = new Set([...Object.keys(a.stats), ...Object.keys(b.stats)]) as Set<keyof SeriesPoint['stats']>;
  for (const key of keys) {
    const x = a.stats[key];
    const y = b.stats[key];
    if (x === y) continue;
    if (typeof x !== 'number' || typeof y !== 'number') return `${key}: ${String(x)} vs ${String(y)}`;
    if (key === 'count' && x !== y) return `count ${x} vs ${y}`;
    worst = Math.max(worst, Math.abs(x - y));
  }
  return worst;
}

interface Check {
  /** Parcels checked: the random sample and the seam's. */
  sample: number;
  /** Of those, the parcels mosaicked across the seam. */
  seams: number;
  compared: number;
  points: number;
  skips: number;
  maxAbsDiff: number;
  mismatches: Array<{ parcelId: number; index: string; what: string }>;
  seconds: number;
}

/**
 * computeSeries (from = to = the acquisition's day) for a random sample of the pass's parcels and every parcel on the
 * seam, compared.
 */
async function checkSample(
  server: CogServer,
  parcels: ReadonlyArray<BenchParcel>,
  entries: Map<number, TilePassEntry[]>,
): Promise<Check> {
  const t0 = performance.now();
  const random = prng(4129);
  const ids = [...entries.keys()].sort((a, b) => a - b);
  const chosen = new Set<number>();
  while (chosen.size < Math.min(SAMPLE, ids.length)) chosen.add(ids[Math.floor(random() * ids.length)]!);
  // And every parcel mosaicked across the seam with the neighbouring tile (a few hundred).
  const seams = ids.filter((id) => entries.get(id)!.some(({ result }) => 'stats' in result && result.tiles.length > 1));
  for (const id of seams) chosen.add(id);
  // North to south, so the reference's own block cache serves neighbours (the order changes no value).
  const sample = parcels.filter((p) => chosen.has(p.id)).sort((a, b) => a.topRow - b.topRow);
  const catalog = createCatalog({ stacApiUrl: server.stacUrl, timeoutMs: 20_000, retries: 1, cacheBytes: 2 ** 30 });
  const check: Check = {
    sample: sample.length,
    seams: seams.length,
    compared: 0,
    points: 0,
    skips: 0,
    maxAbsDiff: 0,
    mismatches: [],
    seconds: 0,
  };
  let next = 0;
  const work = async () => {
    while (next < sample.length) {
      const parcel = sample[next++]!;
      for (const entry of entries.get(parcel.id)!) {
        const series = await computeSeries({
          catalog,
          geometry: parcel.geometry,
          index: entry.index,
          from: DAY,
          to: DAY,
        });
        const reference = [...series.points, ...series.skipped][0];
        const diff = difference(entry.result, reference);
        check.compared += 1;
        if ('stats' in entry.result) check.points += 1;
        else check.skips += 1;
        if (typeof diff === 'string' || diff > TOLERANCE)
          check.mismatches.push({ parcelId: parcel.id, index: entry.index, what: String(diff) });
        if (typeof diff === 'number') check.maxAbsDiff = Math.max(check.maxAbsDiff, diff);
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, work));
  check.seconds = round((performance.now() - t0) / 1000);
  return check;
}

function workerSummary(w: PassOutput) {
  const passCpuS = cpuS(w.passCpuUs);
  return {
    parcels: w.owned,
    given: w.given,
    points: w.points,
    skips: w.skips,
    reasons: w.reasons,
    mosaics: w.mosaics,
    cacheMiB: mib(w.cacheBytes),
    selectCpuS: round(cpuS(w.selectCpuUs), 2),
    passCpuS: round(passCpuS, 2),
    passUserS: round(w.passCpuUs.user / 1e6, 2),
    passSystemS: round(w.passCpuUs.system / 1e6, 2),
    passWallS: round((w.passEnd - w.passStart) / 1000, 2),
    msPerObservation: round((passCpuS * 1000) / Math.max(1, w.owned * INDICES.length), 4),
    maxRssMiB: mib(w.maxRssBytes),
    tilesDecoded: w.reader.tilesDecoded,
    tileCacheHits: w.reader.tileCacheHits,
    readerRequests: w.reader.requests,
    readerBytes: w.reader.bytes,
    blocksNeeded: w.blocks.length,
  };
}

/** The "where the time goes" part of the doc, from the profiled run. */
function profileSection(
  profiled: { parcels: number; passCpuS: number; stages: ProfileStage[] } | null,
  msPerObservation: number,
): string {
  if (!profiled) return '';
  const sampled = profiled.stages.filter((st) => !st.stage.startsWith('idle')).reduce((n, st) => n + st.ms, 0);
  const rows = profiled.stages.map((st) => `| ${st.stage} | ${fmt(st.ms)} | ${fmt(st.share * 100, 1)} % |`).join('\n');
  return `
**Where the time goes.** A third run, one worker under \`node --cpu-prof\` over ${fmt(profiled.parcels)} of the parcels (the
first ids: spread over the whole tile, so every block is still decoded): ${fmt(profiled.passCpuS, 1)} s of CPU for the pass
(with the profiler's overhead), of which ${fmt(sampled / 1000, 1)} s sampled on the main thread — the rest is the zlib thread
pool inflating the blocks. The main thread's samples during the pass, by self time:

| stage | ms | share |
| --- | --- | --- |
${rows}

The pass reads, decodes and buffers the tile once (its blocks, and its SCL's clouds buffered for all its parcels);
what remains is per parcel, through the curve's own engine (\`computeAcquisitionPoints\`): its SCL classes taken on
the 20 m grid (the valid share), then a band stack on the 10 m grid (the 20 m band resampled at the parcel's pixels, the
parcel rasterised), its index values and statistics (three ranks selected, no sort) — about ${fmt(msPerObservation, 3)} ms per
parcel-observation in the full run, against the goal's 0.1 ms.
`;
}

async function main(): Promise<number> {
  const started = Date.now();
  const loadStart = loadavg();
  const base = await ensureRealSizeCatalog(log);
  const utm = projector(TILE.epsg);
  const neighbour = await ensureNeighbourCatalog(base, (corners) => corners.map(([x, y]) => utm.inverse(x, y)), log);
  await mkdir(OUT_DIR, { recursive: true });

  const t0 = performance.now();
  const parcels = generateParcels(PARCELS);
  const generationS = round((performance.now() - t0) / 1000);
  await writeFile(PARCELS_FILE, JSON.stringify(parcels));
  const areas = parcels.map((p) => p.hectares);
  const kinds = Object.fromEntries(
    ['convex', 'concave', 'edge'].map((k) => [k, parcels.filter((p) => p.kind === k).length]),
  );
  const parcelFigures = {
    count: parcels.length,
    kinds,
    hectares: {
      min: round(Math.min(...areas), 2),
      p25: round(percentile(areas, 25), 2),
      median: round(percentile(areas, 50), 2),
      p75: round(percentile(areas, 75), 2),
      max: round(Math.max(...areas), 2),
      total: Math.round(areas.reduce((a, b) => a + b, 0)),
    },
    generationS,
  };
  log(`parcels: ${JSON.stringify(parcelFigures)}`);

  const server = await startCogServer(neighbour.dir, { delayMs: DELAY_MS, fromDisk: true });
  // 29RKH and its neighbour east.
  const bbox = [-12.1, 24.2, -9.6, 25.4] as [number, number, number, number];
  const input = (name: string, fromRow: number, toRow: number, maxId = PARCELS): PassInput => ({
    stacUrl: server.stacUrl,
    day: DAY,
    tileId: base.items[0]!,
    bbox,
    parcelsFile: PARCELS_FILE,
    fromRow,
    toRow,
    maxId,
    indices: INDICES,
    cacheRows: CACHE_ROWS,
    out: join(OUT_DIR, `national-${name}.json`),
  });
  let one: WorkersRun;
  let two: WorkersRun;
  let check: Check;
  let store: StoreResult;
  let storeLoad: number;
  let rowsStored: number;
  let profiled: { parcels: number; passCpuS: number; stages: ProfileStage[] } | null = null;
  try {
    log('one worker: the whole tile …');
    one = await runWorkers(server, [input('all', -1e9, 1e9)]);
    log(`  ${JSON.stringify(workerSummary(one.workers[0]!))}`);
    log('two workers: north and south halves together …');
    two = await runWorkers(server, [input('north', -1e9, SPLIT_ROW), input('south', SPLIT_ROW, 1e9)]);
    for (const w of two.workers) log(`  ${JSON.stringify(workerSummary(w))}`);
    if (PROFILE_PARCELS > 0) {
      log(`one worker under the profiler: parcels 1–${PROFILE_PARCELS} …`);
      await rm(PROFILE_DIR, { recursive: true, force: true });
      const run = await runWorkers(server, [input('profile', -1e9, 1e9, PROFILE_PARCELS)], PROFILE_DIR);
      const w = run.workers[0]!;
      profiled = {
        parcels: w.owned,
        passCpuS: round(cpuS(w.passCpuUs), 2),
        stages: await summarizeProfile(PROFILE_DIR, w.passStartMonoUs, w.passEndMonoUs),
      };
      log(`  ${JSON.stringify(profiled)}`);
    }

    const entries = new Map(one.workers[0]!.entries);
    log(`checking ${SAMPLE} parcels against the per-parcel engine …`);
    check = await checkSample(server, parcels, entries);
    log(`  ${JSON.stringify({ ...check, mismatches: check.mismatches.slice(0, 10) })}`);

    const geometries = new Map(parcels.map((p) => [p.id, p.geometry]));
    const rows = [...entries].flatMap(([id, list]) => rowsOf(id, basisOf(geometries.get(id)), list));
    rowsStored = rows.length;
    log(`storing ${rows.length} rows on PostgreSQL (${STORE_DATABASE}) …`);
    store = await storeRows(rows);
    storeLoad = round(loadavg()[0]!);
    log(`  ${JSON.stringify(store)}`);
  } finally {
    await server.close();
  }

  // Each block read at most once: the bytes served against the compressed bytes of the distinct blocks needed.
  const sizes = await blockBytes(neighbour.dir, neighbour.items, ['SCL.tif', 'B04.tif', 'B08.tif', 'B11.tif']);
  const neededBytes = (blocks: Iterable<string>) => {
    let sum = 0;
    for (const key of blocks) sum += sizes.get(key) ?? Number.NaN;
    return sum;
  };
  const single = one.workers[0]!;
  const singleNeeded = neededBytes(single.blocks);
  const union = new Set(two.workers.flatMap((w) => w.blocks));
  const twoNeededSum = two.workers.reduce((n, w) => n + neededBytes(w.blocks), 0);
  const reads = {
    blocksInTile: [...sizes.keys()].filter((k) => k.startsWith(`${base.items[0]!}/`)).length,
    blocksNeeded: single.blocks.length,
    neighbourBlocksNeeded: single.blocks.filter((k) => k.startsWith(`${NEIGHBOUR_ITEM}/`)).length,
    tilesDecoded: single.reader.tilesDecoded,
    neededMiB: mib(singleNeeded),
    servedMiB: mib(one.wire.cogBytes),
    requests: one.wire.cogRequests + one.wire.headRequests,
    ratio: round(one.wire.cogBytes / singleNeeded, 4),
    twoWorkers: {
      servedMiB: mib(two.wire.cogBytes),
      neededEachMiB: mib(twoNeededSum),
      blocksBoth: two.workers.reduce((n, w) => n + w.blocks.length, 0) - union.size,
      ratioToOwnBlocks: round(two.wire.cogBytes / twoNeededSum, 4),
    },
  };

  const s = workerSummary(single);
  const passCpu = s.passCpuS;
  const totalCpu = s.passCpuS + s.selectCpuS;
  const observations = single.owned * INDICES.length;
  const msPerObs = (totalCpu * 1000) / observations;
  const maxRss = Math.max(single.maxRssBytes, ...two.workers.map((w) => w.maxRssBytes));
  const ratio = two.wallS / s.passWallS;
  const goalCpuS = (20 * single.owned) / 100_000;
  const goals = [
    {
      goal: `every point equal to computeSeries's for a random sample of ${SAMPLE} parcels (≤ 1e-9, skips equal)`,
      measured: `${check.compared} parcel × index results of ${check.sample} parcels, the sample and the ${check.seams} mosaicked across the seam (${check.points} points, ${check.skips} skips): ${check.mismatches.length} differ; largest difference ${check.maxAbsDiff}`,
      met: check.mismatches.length === 0 && check.compared === check.sample * INDICES.length,
    },
    {
      goal: 'each block read at most once: bytes ≤ 1.05 × the distinct blocks needed',
      measured: `${fmt(reads.servedMiB, 1)} MiB served for ${fmt(reads.neededMiB, 1)} MiB of ${reads.blocksNeeded} distinct blocks (×${reads.ratio}); ${reads.tilesDecoded} blocks decoded`,
      met: reads.ratio <= 1.05 && reads.tilesDecoded === reads.blocksNeeded,
    },
    {
      goal: `CPU ≤ 20 s per 100,000 parcels × 2 indices (≤ 0.1 ms per parcel-observation)`,
      measured: `${fmt(totalCpu, 1)} s for ${fmt(single.owned)} parcels (pass ${fmt(passCpu, 1)} s + tileParcels ${fmt(s.selectCpuS, 2)} s): ${fmt(msPerObs, 3)} ms per parcel-observation`,
      met: totalCpu <= goalCpuS,
    },
    {
      goal: 'peak RSS ≤ 1.5 GB',
      measured: `${fmt(mib(maxRss))} MiB (one worker ${fmt(mib(single.maxRssBytes))} MiB; two: ${two.workers.map((w) => fmt(mib(w.maxRssBytes))).join(' and ')} MiB)`,
      met: maxRss <= 1.5e9,
    },
    {
      goal: `storing the ${fmt(rowsStored)} points on PostgreSQL ≤ 10 s`,
      measured: store.methods
        .map(
          (m) =>
            `${m.method} … ON CONFLICT DO NOTHING by ${fmt(m.batchRows)} rows: ${fmt(m.seconds, 2)} s (${fmt(m.rowsPerSecond)} rows/s)`,
        )
        .join('; '),
      met: store.best.seconds <= 10,
    },
    {
      goal: 'with 2 workers the wall time falls',
      measured: `${fmt(two.wallS, 1)} s against ${fmt(s.passWallS, 1)} s for one (ratio ${fmt(ratio, 2)})`,
      met: ratio < 1,
    },
  ];

  // Projection for Algeria. A tile's CPU = a per-tile part (reading and decoding its blocks: the profiled run's
  // HTTP and decoding stages on the main thread plus the thread pool's inflating) + a per-parcel part (the rest of
  // this run's CPU over its parcels); without a profile, all of it per parcel. Wall time scaled the same way.
  const fixedS = profiled
    ? Math.min(
        totalCpu,
        profiled.stages
          .filter((st) => st.stage.startsWith('block decoding') || st.stage.startsWith('HTTP reads'))
          .reduce((n, st) => n + st.ms / 1000, 0) +
          Math.max(
            0,
            profiled.passCpuS -
              profiled.stages.filter((st) => !st.stage.startsWith('idle')).reduce((n, st) => n + st.ms / 1000, 0),
          ),
      )
    : 0;
  const perParcelS = (totalCpu - fixedS) / single.owned;
  const tileCpuS = (n: number) => fixedS + perParcelS * n;
  const bytesPerTile = one.wire.cogBytes;
  const projection = ALGERIA.parcels.map((parcelsCount) => {
    const perTile = parcelsCount / ALGERIA.tiles;
    const cpuPerDateS = ALGERIA.tiles * tileCpuS(perTile);
    const bytesPerDate = ALGERIA.tiles * bytesPerTile;
    const points = parcelsCount * INDICES.length * ALGERIA.acquisitions;
    const tilesPerWorkerHour = 3600 / ((s.passWallS * tileCpuS(perTile)) / tileCpuS(single.owned));
    return {
      parcels: parcelsCount,
      parcelsPerTile: Math.round(perTile),
      cpuHoursPerDate: cpuPerDateS / 3600,
      cpuHoursPerSeason: (cpuPerDateS * ALGERIA.acquisitions) / 3600,
      gibPerDate: gib(bytesPerDate),
      tibPerSeason: round((bytesPerDate * ALGERIA.acquisitions) / 2 ** 40, 2),
      pointsPerSeason: points,
      tableGiBPerSeason: gib((points / 1e6) * store.best.bytesPerMillionPoints),
      workersWithinHour: Math.ceil(ALGERIA.tiles / tilesPerWorkerHour),
      today: {
        cpuHoursPerDate: (parcelsCount * INDICES.length * 0.075) / 3600,
        tibPerDate: round((parcelsCount * INDICES.length * 2.9e6) / 2 ** 40, 2),
        cpuHoursPerSeason: (parcelsCount * INDICES.length * 0.075 * ALGERIA.acquisitions) / 3600,
      },
      openeo: { cpuHoursPerSeason: (parcelsCount * INDICES.length * OPENEO_CPU_S_PER_SERIES) / 3600 },
    };
  });

  const report = {
    date: new Date().toISOString(),
    machine: machineInfo(loadStart),
    settings: {
      parcels: PARCELS,
      sample: SAMPLE,
      delayMs: DELAY_MS,
      indices: INDICES,
      day: DAY,
      cacheRows: CACHE_ROWS,
      splitRow: SPLIT_ROW,
    },
    catalog: { dir: base.dir, item: base.items[0], gdal: base.gdal },
    parcels: parcelFigures,
    oneWorker: { ...s, wire: one.wire },
    twoWorkers: {
      wallS: round(two.wallS, 2),
      ratio: round(ratio, 3),
      wire: two.wire,
      workers: two.workers.map(workerSummary),
    },
    reads,
    check: { ...check, mismatches: check.mismatches.slice(0, 50) },
    load: { start: round(loadStart[0]!), oneWorker: one.load, twoWorkers: two.load, store: storeLoad },
    store: { ...store, copy: 'not measured: no COPY client (pg-copy-streams) in node_modules' },
    goals,
    profile: profiled,
    projectionModel: { fixedCpuSPerTile: round(fixedS, 2), cpuMsPerParcel: round(perParcelS * 1000, 4) },
    projection,
    durationS: round((Date.now() - started) / 1000),
  };
  await writeFile(OUT, JSON.stringify(report, null, 2));
  await rm(PARCELS_FILE, { force: true });

  const yes = (met: boolean) => (met ? 'met' : '**not met**');
  const h = (v: number) => fmt(v, v < 10 ? 2 : 0);
  const section = `## National scale: the tile pass (\`bench:national\`)

\`npm run bench:national\` (\`bench/national.ts\`, issue 29 §4): the tile pass (\`computeTilePass\`, \`packages/imagery/src/tile-pass.ts\`)
over ${fmt(single.owned)} generated parcels of one acquisition of the 29RKH tile in the real Sentinel-2 layout (10980² at
10 m, 1024² DEFLATE + predictor 2 blocks, generated once with GDAL; item ${base.items[0]}), NDVI and NDMI (bands B04,
B08, B11 and SCL), every COG request answered by a loopback server after ${DELAY_MS} ms. The parcels (\`bench/lib/national-parcels.ts\`,
seeded): convex polygons of 4–10 vertices and concave ones (dented outlines, L shapes, ${kinds.concave} of them), a log-normal
area clamped to 0.3–50 ha (median ${parcelFigures.hectares.median} ha, quartiles ${parcelFigures.hectares.p25}–${parcelFigures.hectares.p75} ha,
${fmt(parcelFigures.hectares.total)} ha in all; they may overlap one another), placed at random; ${kinds.edge} are centred on the tile's
outer edge, partly outside it (${fmt(single.given - single.owned)} of them lie wholly outside the item's footprint:
\`tileParcels\` gives them to no pass). East of the tile lies a neighbouring tile of the same acquisition
(${NEIGHBOUR_ITEM}, generated like it with its origin one tile width east, so the two abut:
\`ensureNeighbourCatalog\` in \`bench/lib/real-size-catalog.ts\`): a parcel across that edge is in neither tile whole,
29RKH's pass computes it from both, and ${fmt(single.mosaics)} parcel × index points are such mosaics, for which the pass read
${reads.neighbourBlocksNeeded} blocks of the neighbour (counted with the others below). A parcel across one of the
other three edges gets the point of its covered part, or its skip. The real SCL's clouds (${base.items[0]}: 4 % cloud cover) fall on
some parcels: ${single.reasons.CLOUDY ?? 0} parcel × index results are CLOUDY skips, ${single.reasons.OUTSIDE_COVERAGE ?? 0} OUTSIDE_COVERAGE.
The pass runs in a child process (\`bench/lib/national-pass.ts\`), so its CPU (\`process.cpuUsage\`, the zlib thread pool
included), peak RSS (getrusage) and reads are its own, with a reader whose cache holds ${CACHE_ROWS} block rows of the four
bands (\`tilePassCacheBytes\`: ${fmt(s.cacheMiB)} MiB). Run of ${report.date.slice(0, 16).replace('T', ' ')} UTC,
${report.machine.cpus} cores (${report.machine.cpuModel}); the 1-minute load average was ${round(loadStart[0]!)} at the start, ${one.load}
after the one-worker run, ${two.load} after the two-worker run and ${storeLoad} after the storage (${
    loadStart[0]! > 1
      ? 'other work was running on the same cores: wall times and the storage suffer most from it, CPU times less'
      : 'nothing else of weight was running'
  }).

| goal | measured | |
| --- | --- | --- |
${goals.map((g) => `| ${g.goal} | ${g.measured} | ${yes(g.met)} |`).join('\n')}

- **Reads**: the parcels' windows need ${reads.blocksNeeded - reads.neighbourBlocksNeeded} of the ${reads.blocksInTile} blocks of the four bands (and ${reads.neighbourBlocksNeeded} of the neighbour's); the
  pass asked ${fmt(reads.requests)} requests of the server and decoded ${reads.tilesDecoded} blocks (${s.tileCacheHits} cache hits). The
  bytes above the blocks' own are the headers and tile indexes of the COGs.
- **Two workers** (north of row ${SPLIT_ROW}, a block-row boundary, and south of it; each its own process, reader and
  cache): ${two.workers.map((w) => `${fmt(w.owned)} parcels, CPU ${fmt(cpuS(w.passCpuUs), 1)} s, wall ${fmt((w.passEnd - w.passStart) / 1000, 1)} s`).join('; ')}.
  Together ${fmt(reads.twoWorkers.servedMiB, 1)} MiB served: the parcels straddling the split read ${reads.twoWorkers.blocksBoth} blocks in both workers.
- **Storage** (${store.server} on this machine, scratch database \`${STORE_DATABASE}\` created afresh; a table shaped like
  \`series_points\` since migration 0019: same columns, keys, indexes and checks, partitioned by season; no foreign key): ${fmt(store.rows)} rows (points
  and CLOUDY / OUTSIDE_COVERAGE skips), each statement its own transaction. ${store.methods
    .map(
      (m) =>
        `${m.method[0]!.toUpperCase()}${m.method.slice(1)} by ${fmt(m.batchRows)} rows: ${fmt(m.inserted)} rows in ${fmt(m.seconds, 2)} s (${fmt(m.rowsPerSecond)} rows/s), the same rows again (all conflicts, ${m.againInserted} added) in ${fmt(m.againSeconds, 2)} s, ${fmt(mib(m.tableBytes))} MiB with indexes (\`pg_total_relation_size\` of the partitions): ${fmt(m.bytesPerMillionPoints / 2 ** 20)} MiB per million points.`,
    )
    .join(' ')} COPY was not measured: no COPY client (\`pg-copy-streams\`) is in node_modules.
- **Check**: ${check.sample} parcels (${SAMPLE} drawn at random, and every parcel on the seam), each index through \`computeSeries\` (from = to = ${DAY}) with its own
  reader, ${check.seconds} s.
${profileSection(profiled, s.msPerObservation)}
Projection for Algeria from these figures (${ALGERIA.tiles} tiles for the northern cropland, ${ALGERIA.acquisitions}
acquisitions a season, NDVI and NDMI). CPU per tile: ${fmt(fixedS, 1)} s for the tile (reading and decoding its blocks,
from the profiled run) + ${fmt(perParcelS * 1000, 3)} ms per parcel (the rest of this run's ${fmt(totalCpu, 1)} s); bytes: this
run's ${fmt(mib(bytesPerTile))} MiB per tile (at 36,000–86,000 parcels a tile nearly every block holds some); workers: processes
like this run's single one (${fmt(s.passWallS, 1)} s wall for ${fmt(single.owned)} parcels, scaled like the CPU), enough to finish all
${ALGERIA.tiles} tiles of a date within one hour if they are all published in that hour. Beside it, today's per-parcel path (\`bench:series\`: about 75 ms CPU
and 2.9 MB read per parcel-observation, issue 29) and openEO's documented 5,099 CPU-s (1.4 CPU-h) per 10 ha series.

| | ${projection.map((p) => `${fmt(p.parcels)} parcels`).join(' | ')} |
| --- | ${projection.map(() => '---').join(' | ')} |
| parcels per tile | ${projection.map((p) => fmt(p.parcelsPerTile)).join(' | ')} |
| tile pass: CPU-hours per acquisition date | ${projection.map((p) => h(p.cpuHoursPerDate)).join(' | ')} |
| tile pass: CPU-hours per season | ${projection.map((p) => h(p.cpuHoursPerSeason)).join(' | ')} |
| tile pass: read per date / per season | ${projection.map((p) => `${fmt(p.gibPerDate, 1)} GiB / ${fmt(p.tibPerSeason, 2)} TiB`).join(' | ')} |
| points per season | ${projection.map((p) => fmt(p.pointsPerSeason)).join(' | ')} |
| table size per season | ${projection.map((p) => `${fmt(p.tableGiBPerSeason, 1)} GiB`).join(' | ')} |
| workers to finish a date within one hour | ${projection.map((p) => fmt(p.workersWithinHour)).join(' | ')} |
| today's per-parcel path: CPU-hours per date / per season | ${projection.map((p) => `${h(p.today.cpuHoursPerDate)} / ${h(p.today.cpuHoursPerSeason)}`).join(' | ')} |
| today's per-parcel path: read per date | ${projection.map((p) => `${fmt(p.today.tibPerDate, 2)} TiB`).join(' | ')} |
| openEO (5,099 CPU-s a series): CPU-hours per season | ${projection.map((p) => fmt(p.openeo.cpuHoursPerSeason)).join(' | ')} |

Raw figures: \`bench/out/national.json\`.
`;
  if (process.env.BENCH_NO_DOC !== '1') await writeDocSection(section);
  log(section);
  return 0;
}

if (import.meta.main) {
  exitWhenDone(main());
}
