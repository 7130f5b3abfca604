// `npm run imagery:real-size -w bench` (or `npm run bench:imagery -- --real-size`) — issue 12, section 6 and
// acceptance 5. The engine on COGs in the real Sentinel-2 L2A layout (10980² at 10 m, 5490² at 20 m, 1024²
// DEFLATE + predictor 2 tiles, overviews), generated once with GDAL from the real 29RKH fixture pixels
// (lib/real-size-catalog.ts, cached outside git), served over loopback with an added round-trip delay per
// request. For new parcels of 5, 50, 500 and 3000 ha placed at random in the tile, each new image on a cold
// engine cache: selectScene + computeSceneIndexMap end to end (NDVI, and NDMI for a 20 m band), the bytes and
// requests it cost, and GDAL in-process reading exactly the same windows over the same server. Memory of the
// process after every 25 parcels; interleaved, a shorter series without the delay (compute vs waiting). Writes bench/out/imagery-real-size.json and the "Imagery at real size"
// section of docs/PERFORMANCE.md. Environment: BENCH_PARCELS (default 200, a multiple of 4), BENCH_DELAY_MS
// (default 20), BENCH_NO_DOC=1 (leave the doc alone), FILAHA_BENCH_CACHE (cache folder).
import { loadavg } from 'node:os';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  AllCloudyError,
  computeSceneIndexMap,
  createCatalog,
  getIndex,
  projector,
  selectScene,
  type CogReader,
  type ParcelGeometry,
} from '@filaha/imagery';
import sharp from 'sharp';
import { startCogServer, type CogServer, type ServerCounters } from './lib/cog-server.ts';
import { gdalVersion, GDAL_ENV } from './lib/gdal.ts';
import { compareInflate } from './lib/inflate-chunks.ts';
import { exitWhenDone, machineInfo } from './lib/machine.ts';
import { BENCH_WINDOW, ensureRealSizeCatalog } from './lib/real-size-catalog.ts';
import { startWindowGdal, type WindowGdal } from './lib/real-size-gdal.ts';
import {
  JSON_OUT,
  printRealSize,
  summarizeRuns,
  writeRealSize,
  type ImageRun,
  type MemorySample,
  type RealSizeReport,
} from './lib/real-size-report.ts';
import type { BandWindow } from './lib/reads.ts';
import { elapsed, now } from './lib/stats.ts';
import { prng } from './lib/prng.ts';

const PARCELS = Number(process.env.BENCH_PARCELS ?? 200);
const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 20);
export const SIZES_HA = [5, 50, 500, 3000] as const;
export const INDICES = ['NDVI', 'NDMI'] as const;
const WARM_UP = 6;
/** Parcels per size of the second, shorter series without the added delay (compute vs waiting). */
const NO_DELAY_PARCELS = Number(process.env.BENCH_NO_DELAY_PARCELS ?? 12);
const MEMORY_EVERY = 25;

const log = (line: string) => process.stdout.write(`${line}\n`);

// The 29RKH tile: UTM 29N, 10980 × 10980 px of 10 m from (199980, 2800020).
const TILE = { epsg: 32629, x0: 199_980, y0: 2_800_020, size: 109_800 } as const;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** A square parcel of `hectares` centred at a random point of the tile (200 m clear of its edges). */
function randomParcel(random: () => number, hectares: number): { geometry: ParcelGeometry; x: number; y: number } {
  const side = Math.sqrt(hectares * 10_000);
  const margin = side / 2 + 200;
  const x = TILE.x0 + margin + random() * (TILE.size - 2 * margin);
  const y = TILE.y0 - margin - random() * (TILE.size - 2 * margin);
  const p = projector(TILE.epsg);
  const h = side / 2;
  const ring = [
    [x - h, y - h],
    [x + h, y - h],
    [x + h, y + h],
    [x - h, y + h],
    [x - h, y - h],
  ].map(([cx, cy]) => p.inverse(cx!, cy!));
  return { geometry: { type: 'Polygon', coordinates: [ring] }, x, y };
}

type WindowRequest = Parameters<CogReader['readWindow']>[1];

/** The catalog's reader, remembering every window asked of it (for GDAL to read the same ones). */
function recording(inner: CogReader, windows: Array<{ href: string; request: WindowRequest }>): CogReader {
  return {
    open: (href) => inner.open(href),
    readWindow: (href, request) => {
      windows.push({ href, request: { ...request } });
      return inner.readWindow(href, request);
    },
    get stats() {
      return inner.stats;
    },
    resetStats: () => inner.resetStats(),
    clearCache: () => inner.clearCache(),
  };
}

function distinctWindows(log: Array<{ href: string; request: WindowRequest }>): BandWindow[] {
  const seen = new Map<string, BandWindow>();
  for (const { href, request } of log) {
    const url = href.split('?')[0]!;
    const key = `${url} ${request.col0} ${request.row0} ${request.width} ${request.height}`;
    if (!seen.has(key))
      seen.set(key, {
        band: url.split('/').at(-1)!.replace('.tif', ''),
        href,
        url,
        col0: request.col0,
        row0: request.row0,
        width: request.width,
        height: request.height,
      });
  }
  return [...seen.values()];
}

function memory(parcels: number, label = `${parcels} parcels`): MemorySample {
  const before = process.memoryUsage();
  gc();
  const after = process.memoryUsage();
  const mib = (v: number) => Math.round((v / 2 ** 20) * 10) / 10;
  return {
    parcels,
    label,
    // libvips (through sharp, for the PNG) keeps an operation cache of its own, outside V8's figures.
    vipsCacheMiB: Math.round(sharp.cache().memory.current * 10) / 10,
    rssMiB: mib(before.rss),
    heapUsedMiB: mib(before.heapUsed),
    arrayBuffersMiB: mib(before.arrayBuffers),
    afterGc: { rssMiB: mib(after.rss), heapUsedMiB: mib(after.heapUsed), arrayBuffersMiB: mib(after.arrayBuffers) },
  };
}

const wireOf = (w: ServerCounters) => ({
  requests: w.cogRequests + w.headRequests,
  heads: w.headRequests,
  bytes: w.cogBytes,
  searches: w.stacSearches,
});

async function oneImage(
  server: CogServer,
  catalog: ReturnType<typeof createCatalog>,
  gdal: WindowGdal,
  geometry: ParcelGeometry,
  code: (typeof INDICES)[number],
): Promise<Omit<ImageRun, 'sizeHa' | 'parcel' | 'delayMs'>> {
  const index = getIndex(code);
  const windowLog: Array<{ href: string; request: WindowRequest }> = [];
  const reader = recording(catalog.reader, windowLog);
  server.bumpGeneration();
  const before = server.counters();
  const cpu0 = process.cpuUsage();
  const t0 = now();
  const selection = await selectScene({
    catalog,
    geometry,
    index,
    start: BENCH_WINDOW.start,
    end: BENCH_WINDOW.end,
    reader,
  });
  const selectMs = elapsed(t0);
  const result = await computeSceneIndexMap(selection, { catalog, geometry, index, reader });
  const ms = elapsed(t0);
  const cpu = process.cpuUsage(cpu0);
  const engine = wireOf(server.since(before));
  const windows = distinctWindows(windowLog);
  const gdalBefore = server.counters();
  const gdalMs = await gdal.read(windows);
  const gdalWire = wireOf(server.since(gdalBefore));
  return {
    index: code,
    ms,
    selectMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    scene: result.scene.id,
    candidates: result.candidates.length,
    count: result.stats.count,
    windows: windows.map((w) => ({ band: w.band, width: w.width, height: w.height, col0: w.col0, row0: w.row0 })),
    engine,
    gdal: { ms: gdalMs, ...gdalWire },
  };
}

export async function runRealSize(): Promise<number> {
  const started = Date.now();
  const loadAverageStart = loadavg();
  const gdalV = await gdalVersion();
  if (!gdalV) throw new Error('GDAL is needed for the real-size bench (apt-get install gdal-bin python3-gdal)');
  log(`GDAL: ${gdalV}`);
  const manifest = await ensureRealSizeCatalog(log);
  const inflate = await compareInflate(join(manifest.dir, manifest.items[0]!, 'B04.tif'));
  log(
    `inflate of one 1024² tile: ${inflate.defaultChunksCpuMs.toFixed(2)} ms CPU in 16 KiB chunks, ` +
      `${inflate.oneChunkCpuMs.toFixed(2)} ms in one chunk`,
  );
  const server = await startCogServer(manifest.dir, { delayMs: DELAY_MS, fromDisk: true });
  const gdal = await startWindowGdal();
  log(`COG/STAC server on ${server.url} (worker thread, ${DELAY_MS} ms added per request)`);
  // One catalog and reader for the whole run, as the API holds one per process.
  const catalog = createCatalog({ stacApiUrl: server.stacUrl, timeoutMs: 10_000, retries: 1 });
  const random = prng(20_260_225);
  const runs: ImageRun[] = [];
  const memorySamples: MemorySample[] = [];
  let rejected = 0;
  let noDelayDone = 0;
  /** One new parcel of `sizeHa` and its new images (each index), another place if clouded in both scenes. */
  const parcelImages = async (sizeHa: number, delayMs: number) => {
    for (;;) {
      const { geometry, x, y } = randomParcel(random, sizeHa);
      const done: ImageRun[] = [];
      try {
        for (const code of INDICES) {
          const run = await oneImage(server, catalog, gdal, geometry, code);
          done.push({ sizeHa, delayMs, parcel: { x: Math.round(x), y: Math.round(y) }, ...run });
        }
        runs.push(...done);
        return;
      } catch (error) {
        // A parcel under cloud in both acquisitions: another place (counted, reported).
        if (!(error instanceof AllCloudyError)) throw error;
        rejected++;
      }
    }
  };
  try {
    memorySamples.push(memory(0, 'before the first image (server thread started)'));
    for (let i = 0; i < WARM_UP; i++) {
      const { geometry } = randomParcel(random, SIZES_HA[i % SIZES_HA.length]!);
      await oneImage(server, catalog, gdal, geometry, INDICES[i % INDICES.length]!).catch((e: unknown) => {
        if (!(e instanceof AllCloudyError)) throw e;
      });
    }
    memorySamples.push(memory(0, `after the ${WARM_UP} warm-up images`));
    // Sizes in turn (parcel i has size i mod 4), so memory samples and load from other work hit them alike.
    for (let p = 0; p < PARCELS; p++) {
      await parcelImages(SIZES_HA[p % SIZES_HA.length]!, DELAY_MS);
      // Interleaved, after every round of the four sizes: one more new parcel without the added delay (the sizes
      // in turn), so that series sees the same load from other work as the main one.
      if (p % SIZES_HA.length === SIZES_HA.length - 1 && noDelayDone < NO_DELAY_PARCELS * SIZES_HA.length) {
        server.setDelay(0);
        await parcelImages(SIZES_HA[noDelayDone++ % SIZES_HA.length]!, 0);
        server.setDelay(DELAY_MS);
      }
      if ((p + 1) % MEMORY_EVERY === 0) {
        memorySamples.push(memory(p + 1));
        const last = memorySamples.at(-1)!;
        log(
          `  ${p + 1} parcels: RSS ${last.rssMiB} MiB (${last.afterGc.rssMiB} after GC), heap ${last.heapUsedMiB} MiB`,
        );
      }
    }
  } finally {
    gdal.close();
    await server.close();
  }
  const report: RealSizeReport = {
    date: new Date().toISOString(),
    machine: machineInfo(loadAverageStart),
    settings: {
      noDelayParcels: noDelayDone,
      parcels: PARCELS,
      delayMs: DELAY_MS,
      window: `${BENCH_WINDOW.start} … ${BENCH_WINDOW.end}`,
      warmUp: WARM_UP,
    },
    gdal: { version: gdalV, env: GDAL_ENV },
    catalog: manifest,
    inflate,
    rejectedPlacements: rejected,
    summaries: summarizeRuns(runs, SIZES_HA, INDICES, DELAY_MS),
    memory: memorySamples,
    runs,
    durationS: Math.round((Date.now() - started) / 100) / 10,
  };
  printRealSize(report, log);
  await writeRealSize(report, { doc: process.env.BENCH_NO_DOC !== '1' });
  return 0;
}

/** `--render`: rewrites the doc section from bench/out/imagery-real-size.json (the last run's figures). */
async function renderOnly(): Promise<number> {
  const report = JSON.parse(await readFile(JSON_OUT, 'utf8')) as RealSizeReport;
  report.catalog.reused ??= Date.parse(report.catalog.generatedAt) < Date.parse(report.date) - report.durationS * 1000;
  printRealSize(report, log);
  await writeRealSize(report, { doc: true });
  return 0;
}

if (import.meta.main) {
  exitWhenDone(process.argv.includes('--render') ? renderOnly() : runRealSize());
}
