// `npm run bench:imagery` — issue 3, acceptance 5. End-to-end time of POST /api/images/NDVI for ~5, ~50 and
// ~500 ha parcels over loopback HTTP (real app, embedded PostgreSQL, STAC stub + Range-serving COG server),
// the wire cost per call, the already-produced answer, and the engine's windowed reads against GDAL's
// (gdal_translate on /vsicurl/) in the same run. Prints a table, writes bench/out/imagery.json and the
// "Imagery" section of docs/PERFORMANCE.md. Environment: BENCH_N (calls per series, default 30),
// BENCH_READ_REPS (read repetitions, default 60; gdal_translate takes part in the first 9),
// BENCH_NO_DOC=1 (leave the doc alone). With `--real-size` (`npm run bench:imagery -- --real-size`) it runs
// bench/imagery-real-size.ts instead: real-size Sentinel-2 COGs generated with GDAL, 20 ms per request.
import { loadavg } from 'node:os';
import { DEMO_CATALOG_PATH, ensureDemoCatalog } from '@filaha/imagery';
import { DEMO_AREA } from '@filaha/shared';
import { startCogServer, type CogServer } from './lib/cog-server.ts';
import { gdalVersion, GDAL_ENV } from './lib/gdal.ts';
import { exitWhenDone, machineInfo } from './lib/machine.ts';
import { checkOverlay, generate, WINDOW, type CallResult } from './lib/images.ts';
import { timePhases } from './lib/phases.ts';
import {
  createFarmer,
  createParcel,
  squareOfHectares,
  startPlatform,
  type BenchFarmer,
  type BenchParcel,
  type BenchPlatform,
} from './lib/platform.ts';
import { compareReads } from './lib/read-compare.ts';
import { findAcquisition, ndviWindows } from './lib/reads.ts';
import { evaluateTargets, printReport, writeOutputs } from './lib/report.ts';
import { series, type BenchReport, type SizeResult } from './lib/results.ts';
import { createWhatIfReader, type WhatIfReader } from './lib/what-if.ts';

const N = Number(process.env.BENCH_N ?? 30);
const READ_REPS = Number(process.env.BENCH_READ_REPS ?? 60);
const TRANSLATE_REPS = Math.min(READ_REPS, 9);
const PHASE_REPS = 15;
const SIZES = [
  { label: '5 ha', hectares: 5 },
  { label: '50 ha', hectares: 50 },
  { label: '500 ha', hectares: 500 },
] as const;
// Widths are part of a result's key: each series uses its own range so every "new" call is a new image.
const WIDTH = { first: 1000, cold: 2048, warm: 1500 } as const;
const WARM_UP_CALLS = 10;

const log = (line: string) => process.stdout.write(`${line}\n`);

function expectCached(call: CallResult, cached: boolean, what: string): CallResult {
  if (call.answer.cached !== cached) throw new Error(`${what}: expected cached=${cached}, got ${call.answer.cached}`);
  return call;
}

async function benchSize(
  platform: BenchPlatform,
  server: CogServer,
  farmer: BenchFarmer,
  parcel: BenchParcel,
  gdal: string | null,
  whatIf: WhatIfReader,
): Promise<SizeResult> {
  server.bumpGeneration();
  const first = expectCached(await generate(platform.url, server, farmer, parcel, WIDTH.first), false, 'first');
  const pngBytes = await checkOverlay(platform.url, first.answer);

  const newCold: CallResult[] = [];
  const again: CallResult[] = [];
  for (let i = 0; i < N; i++) {
    server.bumpGeneration();
    newCold.push(expectCached(await generate(platform.url, server, farmer, parcel, WIDTH.cold - i), false, 'new'));
    again.push(expectCached(await generate(platform.url, server, farmer, parcel, WIDTH.cold - i), true, 'again'));
  }
  const newWarm: CallResult[] = [];
  for (let i = 0; i < N; i++) {
    newWarm.push(expectCached(await generate(platform.url, server, farmer, parcel, WIDTH.warm - i), false, 'warm'));
  }
  const againCold: CallResult[] = [];
  for (let i = 0; i < N; i++) {
    server.bumpGeneration();
    againCold.push(expectCached(await generate(platform.url, server, farmer, parcel, WIDTH.cold - i), true, 'cold'));
  }
  log(`  ${parcel.label}: ${4 * N + 1} API calls done; timing reads`);

  const sceneId = first.answer.scene.id;
  const acquisition = await findAcquisition(server, parcel.geom, sceneId);
  const windows = await ndviWindows(acquisition, parcel.geom);
  const reads = await compareReads(server, windows, { reads: READ_REPS, translate: TRANSLATE_REPS }, gdal, whatIf);
  const phases = await timePhases(server, parcel.geom, PHASE_REPS);
  return {
    label: parcel.label,
    targetHa: parcel.targetHa,
    areaHa: parcel.areaHa,
    parcelId: parcel.id,
    sceneId,
    png: { width: first.answer.width, height: first.answer.height, bytes: pngBytes },
    firstCallMs: first.ms,
    newCold: series(newCold),
    newWarm: series(newWarm),
    alreadyProduced: series(again),
    alreadyProducedCold: series(againCold),
    windows,
    reads,
    phases,
  };
}

/**
 * Untimed calls on a parcel of their own before any measurement: a long-running server has compiled its hot
 * paths and opened its database pages; the first parcel measured should not pay for that alone.
 */
async function warmUp(platform: BenchPlatform, server: CogServer, farmer: BenchFarmer, parcel: BenchParcel) {
  for (let i = 0; i < WARM_UP_CALLS; i++) {
    server.bumpGeneration();
    expectCached(await generate(platform.url, server, farmer, parcel, WIDTH.cold - i), false, 'warm-up');
    expectCached(await generate(platform.url, server, farmer, parcel, WIDTH.cold - i), true, 'warm-up again');
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  const loadAverageStart = loadavg();
  const gdal = await gdalVersion();
  log(gdal ? `GDAL: ${gdal}` : 'gdal_translate not found: the GDAL comparison is skipped (apt-get install gdal-bin)');
  await ensureDemoCatalog({ log });
  const server = await startCogServer(DEMO_CATALOG_PATH);
  const whatIf = await createWhatIfReader();
  let platform: BenchPlatform | null = null;
  try {
    platform = await startPlatform(server.stacUrl);
    log(`API on ${platform.url}, COG/STAC server on ${server.url} (worker thread)`);
    // Every new image is charged: the quota must outlast 3 sizes × (2N + 1) new images.
    const farmer = await createFarmer(platform, 100_000);
    const lon = (DEMO_AREA.west + DEMO_AREA.east) / 2;
    const lat = (DEMO_AREA.south + DEMO_AREA.north) / 2;
    await warmUp(
      platform,
      server,
      farmer,
      await createParcel(platform, farmer, 'warm-up', 20, squareOfHectares(lon - 0.015, lat, 20)),
    );
    const sizes: SizeResult[] = [];
    for (const size of SIZES) {
      const parcel = await createParcel(
        platform,
        farmer,
        size.label,
        size.hectares,
        squareOfHectares(lon, lat, size.hectares),
      );
      log(`parcel ${size.label}: ${parcel.areaHa.toFixed(2)} ha (PostGIS)`);
      sizes.push(await benchSize(platform, server, farmer, parcel, gdal, whatIf));
    }
    const report: BenchReport = {
      date: new Date().toISOString(),
      machine: machineInfo(loadAverageStart),
      settings: {
        callsPerSeries: N,
        readRepetitions: READ_REPS,
        translateRepetitions: TRANSLATE_REPS,
        phaseRepetitions: PHASE_REPS,
        window: `${WINDOW.startDate} … ${WINDOW.endDate}`,
      },
      gdal: gdal
        ? { version: gdal, env: GDAL_ENV }
        : { version: null, skipped: 'gdal_translate not installed', env: GDAL_ENV },
      sizes,
      targets: [],
      durationS: 0,
    };
    report.targets = evaluateTargets(report);
    report.durationS = Math.round((Date.now() - started) / 100) / 10;
    printReport(report, log);
    await writeOutputs(report, { doc: process.env.BENCH_NO_DOC !== '1' });
    return 0;
  } finally {
    await platform?.close();
    await server.close();
    whatIf.close();
  }
}

// `--real-size`: the engine on COGs in the real Sentinel-2 layout instead (bench/imagery-real-size.ts). Through
// `npm run bench:imagery -- --real-size` the flag reaches the workspace's npm, which hands it on as npm_config_real_size.
const realSize = process.argv.includes('--real-size') || process.env.npm_config_real_size === 'true';
const run = realSize ? import('./imagery-real-size.ts').then((m) => m.runRealSize()) : main();
exitWhenDone(run);
