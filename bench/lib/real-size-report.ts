// Summaries, console table, bench/out/imagery-real-size.json and the "Imagery at real size" section of
// docs/PERFORMANCE.md (other sections kept) for bench/imagery-real-size.ts.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { writeDocSection } from './doc-section.ts';
import type { InflateComparison } from './inflate-chunks.ts';
import type { MachineInfo } from './machine.ts';
import type { RealSizeManifest } from './real-size-catalog.ts';
import { median, percentile } from './stats.ts';

const REPO = resolve(import.meta.dirname, '../..');
export const JSON_OUT = join(REPO, 'bench/out/imagery-real-size.json');

export interface Wire {
  /** GET + HEAD requests for COG bytes. */
  requests: number;
  heads: number;
  bytes: number;
  searches: number;
}

export interface ImageRun {
  sizeHa: number;
  /** Delay the server added per request during this image. */
  delayMs: number;
  /** UTM 29N centre of the square parcel. */
  parcel: { x: number; y: number };
  index: string;
  /** selectScene + computeSceneIndexMap, ms. */
  ms: number;
  selectMs: number;
  /** CPU time of the process during the engine's work (main thread, libuv pool, and the server's worker). */
  cpuMs: number;
  scene: string;
  candidates: number;
  count: number;
  windows: Array<{ band: string; width: number; height: number; col0: number; row0: number }>;
  engine: Wire;
  gdal: Wire & { ms: number };
}

export interface MemorySample {
  parcels: number;
  label: string;
  /** libvips operation cache (sharp.cache().memory.current), MiB. */
  vipsCacheMiB: number;
  rssMiB: number;
  heapUsedMiB: number;
  arrayBuffersMiB: number;
  afterGc: { rssMiB: number; heapUsedMiB: number; arrayBuffersMiB: number };
}

export interface RealSizeSummary {
  sizeHa: number;
  index: string;
  n: number;
  /** Median 10 m window of the parcel (px). */
  window: string;
  engine: {
    p50: number;
    p95: number;
    selectP50: number;
    cpuP50: number;
    /** p50 of the same kind of image with no added delay (null when that series was not run). */
    noDelayP50: number | null;
    requests: number;
    bytes: number;
    searches: number;
  };
  gdal: { p50: number; p95: number; requests: number; heads: number; bytes: number };
  /** Sums over the series, engine / GDAL. */
  ratioRequests: number;
  ratioBytes: number;
}

export interface RealSizeReport {
  date: string;
  machine: MachineInfo;
  settings: { parcels: number; noDelayParcels: number; delayMs: number; window: string; warmUp: number };
  gdal: { version: string; env: Record<string, string> };
  catalog: RealSizeManifest;
  inflate: InflateComparison;
  rejectedPlacements: number;
  summaries: RealSizeSummary[];
  memory: MemorySample[];
  runs: ImageRun[];
  durationS: number;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
/** The engine reader's default budget of decoded tiles (packages/imagery/src/cog/reader.ts). */
const CACHE_MIB = 192;
/** Dependent round trips of a new image: search, SCL headers, SCL tiles, band headers, band tiles. */
const ROUND_TRIPS = 5;
const maxLoad = (r: RealSizeReport) => Math.max(r.machine.loadAverageStart[0]!, r.machine.loadAverageEnd[0]!);

export function summarizeRuns(
  runs: ReadonlyArray<ImageRun>,
  sizes: ReadonlyArray<number>,
  indices: ReadonlyArray<string>,
  delayMs: number,
): RealSizeSummary[] {
  const out: RealSizeSummary[] = [];
  for (const sizeHa of sizes) {
    for (const index of indices) {
      const rs = runs.filter((r) => r.sizeHa === sizeHa && r.index === index && r.delayMs === delayMs);
      if (rs.length === 0) continue;
      const noDelay = runs.filter((r) => r.sizeHa === sizeHa && r.index === index && r.delayMs === 0);
      const tenM = rs.map((r) => r.windows.find((w) => w.band === 'B08') ?? r.windows[0]!);
      out.push({
        sizeHa,
        index,
        n: rs.length,
        window: `${median(tenM.map((w) => w.width))}×${median(tenM.map((w) => w.height))}`,
        engine: {
          p50: percentile(
            rs.map((r) => r.ms),
            50,
          ),
          p95: percentile(
            rs.map((r) => r.ms),
            95,
          ),
          selectP50: median(rs.map((r) => r.selectMs)),
          cpuP50: median(rs.map((r) => r.cpuMs)),
          noDelayP50: delayMs === 0 || noDelay.length === 0 ? null : median(noDelay.map((r) => r.ms)),
          requests: median(rs.map((r) => r.engine.requests)),
          bytes: median(rs.map((r) => r.engine.bytes)),
          searches: median(rs.map((r) => r.engine.searches)),
        },
        gdal: {
          p50: percentile(
            rs.map((r) => r.gdal.ms),
            50,
          ),
          p95: percentile(
            rs.map((r) => r.gdal.ms),
            95,
          ),
          requests: median(rs.map((r) => r.gdal.requests)),
          heads: median(rs.map((r) => r.gdal.heads)),
          bytes: median(rs.map((r) => r.gdal.bytes)),
        },
        ratioRequests: sum(rs.map((r) => r.engine.requests)) / sum(rs.map((r) => r.gdal.requests)),
        ratioBytes: sum(rs.map((r) => r.engine.bytes)) / sum(rs.map((r) => r.gdal.bytes)),
      });
    }
  }
  return out;
}

const f0 = (v: number) => v.toFixed(0);
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MiB`;
const x2 = (v: number) => `${v.toFixed(2)}×`;
const mark = (met: boolean) => (met ? '**met**' : '**not met**');

export interface RealSizeTarget {
  name: string;
  goal: string;
  measured: string;
  met: boolean;
}

export function evaluateRealSize(r: RealSizeReport): RealSizeTarget[] {
  const worst = r.summaries.reduce((a, b) =>
    Math.max(b.ratioRequests, b.ratioBytes) > Math.max(a.ratioRequests, a.ratioBytes) ? b : a,
  );
  const worstRatio = Math.max(worst.ratioRequests, worst.ratioBytes);
  const fifty = r.summaries.filter((s) => s.sizeHa === 50);
  const worst50 = Math.max(...fifty.map((s) => s.engine.p50));
  // Without other work on the machine: the dependent round trips plus the engine's own CPU time (which other
  // processes do not inflate), an upper bound since the CPU work partly overlaps the waiting.
  const estimate = (s: RealSizeSummary) => ROUND_TRIPS * r.settings.delayMs + s.engine.cpuP50;
  const mem = r.memory;
  const warm = mem.findIndex((m) => m.label.includes('warm-up'));
  const after = mem.slice(warm + 1);
  const half = after.find((m) => m.parcels >= r.settings.parcels / 2) ?? after[0]!;
  const last = after.at(-1)!;
  const firstHalf = Math.max(...after.filter((m) => m.parcels <= half.parcels).map((m) => m.rssMiB));
  const secondHalf = Math.max(...after.filter((m) => m.parcels > half.parcels).map((m) => m.rssMiB));
  // What the engine holds: V8 heap + array buffers (decoded tiles) after a GC, at every sample.
  const held = Math.max(...after.map((m) => m.afterGc.heapUsedMiB + m.afterGc.arrayBuffersMiB));
  return [
    {
      name: 'engine reads vs GDAL in-process (worst size and index)',
      goal: '≤ 1.2× (requests and bytes)',
      measured:
        `${x2(worstRatio)} (${worst.sizeHa} ha ${worst.index}: requests ${x2(worst.ratioRequests)}, ` +
        `bytes ${x2(worst.ratioBytes)})`,
      met: worstRatio <= 1.2,
    },
    {
      name: `50 ha new image, p50, ${r.settings.delayMs} ms per request`,
      goal: '≤ 250 ms',
      measured:
        fifty.map((s) => `${s.index} ${f0(s.engine.p50)} ms`).join(', ') +
        ` at a load average of ${maxLoad(r).toFixed(1)} on ${r.machine.cpus} cores; without that load ≤ ` +
        fifty
          .map(
            (s) => `${f0(estimate(s))} ms (${ROUND_TRIPS} × ${r.settings.delayMs} ms + CPU ${f0(s.engine.cpuP50)} ms)`,
          )
          .join(', '),
      met: worst50 <= 250,
    },
    {
      name: `memory after ${last.parcels} different parcels`,
      goal:
        `bounded: heap + array buffers ≤ tile-cache budget (${CACHE_MIB} MiB) + 64 MiB at every sample, and RSS of the ` +
        'second half within 25 % of the first half',
      measured:
        `RSS ${last.rssMiB} MiB after ${last.parcels} parcels (max ${firstHalf} MiB up to ${half.parcels} parcels, ` +
        `${secondHalf} MiB after); heap + array buffers at most ${f0(held)} MiB (heap ${last.afterGc.heapUsedMiB} MiB)`,
      met: held <= CACHE_MIB + 64 && secondHalf <= firstHalf * 1.25,
    },
  ];
}

function summaryRows(r: RealSizeReport): string[] {
  return r.summaries.map(
    (s) =>
      `| ${s.sizeHa} ha | ${s.index} | ${s.window} | ${s.n} | ${f0(s.engine.p50)} / ${f0(s.engine.p95)} | ` +
      `${f0(s.engine.selectP50)} | ${s.engine.noDelayP50 === null ? '—' : f0(s.engine.noDelayP50)} | ${f0(s.engine.cpuP50)} | ` +
      `${s.engine.requests} req, ${mib(s.engine.bytes)} | ` +
      `${f0(s.gdal.p50)} / ${f0(s.gdal.p95)} | ${s.gdal.requests} req (${s.gdal.heads} HEAD), ${mib(s.gdal.bytes)} | ` +
      `${x2(s.ratioRequests)} | ${x2(s.ratioBytes)} |`,
  );
}

function memoryRows(r: RealSizeReport): string[] {
  return r.memory.map(
    (m) =>
      `| ${m.label} | ${m.rssMiB} | ${m.heapUsedMiB} | ${m.arrayBuffersMiB} | ${m.afterGc.rssMiB} | ` +
      `${m.afterGc.heapUsedMiB} | ${m.afterGc.arrayBuffersMiB} | ${m.vipsCacheMiB} |`,
  );
}

/** Observations computed from this run's figures (so they stay true when the bench is run again). */
function findings(r: RealSizeReport): string[] {
  const out: string[] = [];
  const delay = r.settings.delayMs;
  const chain = ROUND_TRIPS;
  for (const s of r.summaries.filter((x) => x.index === 'NDVI')) {
    const waiting = s.engine.noDelayP50 === null ? null : s.engine.p50 - s.engine.noDelayP50;
    out.push(
      `- ${s.sizeHa} ha NDVI: p50 ${f0(s.engine.p50)} ms, ${f0(s.engine.selectP50)} ms of it choosing the scene ` +
        `(search + both SCLs); ${s.engine.searches} search + ${s.engine.requests} COG requests, ${mib(s.engine.bytes)}.` +
        (waiting === null
          ? ''
          : ` Without the added delay such images take ${f0(s.engine.noDelayP50!)} ms (p50), ` +
            (waiting > 0
              ? `${f0(waiting)} ms less, against ${chain * delay} ms for the engine's ${chain} dependent round trips.`
              : `no less: at this load, waiting for a core outweighs the ${chain} × ${delay} ms of network.`)) +
        ` CPU ${f0(s.engine.cpuP50)} ms per image (p50).`,
    );
  }
  out.push(
    `- The ${chain} dependent round trips of a new image: the STAC search; the SCL headers of the candidates ` +
      "(concurrently); their SCL tiles; the index bands' headers; their tiles. Requests that do not depend on each " +
      'other go out together (all candidates, all bands), and the tiles of one window that are adjacent in the file ' +
      'are merged into one Range request (`tiff-source.ts`). GDAL in-process needs a HEAD, the 16 KiB header and ' +
      'the tiles per COG, so its reads are 3 dependent round trips after the search the engine also pays; the ' +
      "engine's header request carries the size (Content-Range), so it sends no HEAD: fewer requests, the same bytes.",
  );
  const inf = r.inflate;
  out.push(
    `- Fixed with this bench (\`packages/imagery/src/cog/decoder.ts\`): zlib inflated a tile in 16 KiB output chunks, so ` +
      `a 1024² UInt16 tile (${(inf.tile.inflatedBytes / 2 ** 20).toFixed(0)} MiB) came back as 128 chunks — on the thread ` +
      'pool, 128 round trips to the main thread — then was concatenated (a copy) and the chunks left to the GC. The ' +
      'decoder now asks for one chunk of the size the tile layout declares. Measured in this run on a tile of ' +
      `${inf.tile.file} (${(inf.tile.compressedBytes / 2 ** 20).toFixed(2)} MiB compressed, four inflated at once): ` +
      `${inf.defaultChunksCpuMs.toFixed(2)} ms CPU per tile before, ${inf.oneChunkCpuMs.toFixed(2)} ms now ` +
      `(${((1 - inf.oneChunkCpuMs / inf.defaultChunksCpuMs) * 100).toFixed(0)} % less); a new image inflates two to ` +
      'eight such tiles.',
  );
  const big = r.summaries.find((x) => x.sizeHa === 3000 && x.index === 'NDVI');
  if (big) {
    out.push(
      `- Bytes are whole 1024² tiles: a 5 ha window (25 px) still fetches one tile per band (≈ 1.3 MiB) and a 3000 ha ` +
        `one (${big.window} px) one to four, hence ${mib(big.engine.bytes)} per image at the median; GDAL fetches the ` +
        'same tiles. The 20 m swir16 tile of NDMI covers four times the ground of a 10 m one.',
    );
  }
  const start = r.memory[0];
  const last = r.memory.at(-1);
  if (start && last) {
    const rss = r.memory.filter((m) => m.parcels > 0).map((m) => m.rssMiB);
    out.push(
      `- Memory: RSS is ${start.rssMiB} MiB before the first image (Node, tsx, the engine's modules, libvips, the ` +
        `COG server's thread) and ${last.afterGc.rssMiB} MiB after ${last.parcels} parcels. Of the difference, ` +
        `${f0(last.afterGc.arrayBuffersMiB - start.afterGc.arrayBuffersMiB)} MiB are array buffers — decoded tiles ` +
        "held by the engine's tile LRU, bounded at 192 MiB (`cacheBytes`) — and the V8 heap stays at " +
        `≈ ${f0(last.afterGc.heapUsedMiB)} MiB. The rest is native memory outside V8 (zlib and libvips buffers ` +
        "allocated on the thread pool, the server thread's file reads), which the C allocator keeps for reuse rather " +
        `than returning: after the warm-up it moved between ${f0(Math.min(...rss))} and ${f0(Math.max(...rss))} MiB ` +
        'from sample to sample. The tile budget is the `cacheBytes` option of `createCatalog` / `createCogReader`.',
    );
  }
  out.push(
    `- Load: the machine is shared; at a load average of up to ${maxLoad(r).toFixed(1)} on ` +
      `${r.machine.cpus} cores, CPU-bound steps (inflating 1024² tiles, outputs) wait for a core, which shows in ` +
      'the p95 and in the gap between CPU time and the time without delay.',
  );
  return out;
}

export function renderRealSection(r: RealSizeReport, extra: string[] = []): string {
  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' / ');
  const c = r.catalog;
  const files = c.files
    .map(
      (f) =>
        `${f.file} ${f.width}² at ${f.res} m: ${mib(f.bytes)}, ${f.tiles} tiles of ${(f.meanTileBytes / 1024).toFixed(0)} KiB`,
    )
    .join('; ');
  const lines = [
    '## Imagery at real size',
    '',
    `_Generated by \`npm run bench:imagery -- --real-size\` (bench/imagery-real-size.ts) on ` +
      `${r.date.slice(0, 16).replace('T', ' ')} UTC; raw figures in \`bench/out/imagery-real-size.json\`. ` +
      `Run took ${r.durationS} s (catalog ${c.reused ? `reused from the cache, generated ${c.generatedAt.slice(0, 16).replace('T', ' ')} UTC` : 'generated in this run'}; its generation took ` +
      `${c.generationS} s on this machine)._`,
    '',
    `**Machine**: ${r.machine.cpus} cores (${r.machine.cpuModel}), ${r.machine.memoryGiB} GiB, Node ${r.machine.node}; ` +
      `load average (1/5/15 min) ${load(r.machine.loadAverageStart)} at the start and ${load(r.machine.loadAverageEnd)} ` +
      `at the end (shared machine). ${r.gdal.version}.`,
    '',
    '### Targets (issue 12, section 6 and acceptance 5)',
    '',
    '| target | goal | measured | status |',
    '| --- | --- | --- | --- |',
    ...evaluateRealSize(r).map((t) => `| ${t.name} | ${t.goal} | ${t.measured} | ${mark(t.met)} |`),
    '',
    '### Method',
    '',
    `- **Catalog** (generated at the first run with GDAL, cached in \`~/.cache/filaha/bench\` or ` +
      '`$FILAHA_BENCH_CACHE`, never in git): the real 29RKH fixture COGs (100 m / 200 m) mirrored 10 × 10 across ' +
      'the full MGRS tile on its real UTM 29N grid (origin 199980, 2800020): 10980 × 10980 at 10 m, 5490 × 5490 at ' +
      `20 m, written by GDAL's COG driver (\`${c.cogOptions.join(' ')}\`). ${files}. The Earth Search items are the ` +
      "fixture's real item (assets red, nir, green, blue, rededge1, nir08, swir16, scl) and a second acquisition 5 days " +
      'later sharing its bands with its own SCL (mirrored the other way round, so its clouds lie elsewhere): the scene ' +
      'choice reads two SCLs, as for a real window of a few days. A real 10 m crop (nile-10m fixture) compresses to ' +
      '≈ 1.3 bytes per pixel with the same DEFLATE + predictor 2, i.e. ≈ 1.3 MiB per 1024² tile: the generated tiles are ' +
      'the size of real ones.',
    `- **Server**: the bench's loopback COG + STAC server (worker thread, \`bench/lib/cog-server-worker.ts\`) serving ` +
      `the files from disk with HEAD and single Range requests, and **${r.settings.delayMs} ms added before every ` +
      'answer** (COG GET, HEAD and STAC search alike): a round trip to a nearby object store.',
    `- **Engine**: one \`createCatalog({ stacApiUrl })\` and its reader for the whole run, as the API holds one per ` +
      `process. Per new image: \`selectScene\` + \`computeSceneIndexMap\` (statistics, PNG, values grid, native ` +
      'GeoTIFF), timed from the call to the result. Before each image the STAC stub stamps a new generation into the ' +
      "asset hrefs (`?g=N`), so the engine's header and tile caches are cold for it: every byte crosses the loopback.",
    `- **Parcels**: ${r.settings.parcels} squares of 5, 50, 500 and 3000 ha in turn, centred at random (seeded) in ` +
      `the tile, each a new parcel; two new images each (NDVI on 10 m bands; NDMI with the 20 m swir16). ` +
      `${r.rejectedPlacements} placement(s) under cloud in both acquisitions were replaced. ${r.settings.warmUp} ` +
      `untimed images first. Window ${r.settings.window}. Interleaved with them (one after every four), ` +
      `${r.settings.noDelayParcels} more new parcels with no added delay ("without delay": computing vs waiting on ` +
      'the network, under the same load from other work).',
    "- CPU per image: `process.cpuUsage()` around the engine's work (main thread, libuv pool, and the server " +
      "thread's share of serving those bytes).",
    '- **GDAL in-process** (Python bindings, one long-lived interpreter) reads, right after each image, exactly the ' +
      "distinct windows the engine read (recorded from the engine's reader) from the same server: `/vsicurl/` cache " +
      'cleared first, each COG opened once, one thread per COG (the bands concurrently, as the engine fetches them). ' +
      'GDAL settings: ' +
      Object.entries(r.gdal.env)
        .map(([k, v]) => `\`${k}=${v}\``)
        .join(', ') +
      ". Its time covers the reads only (no statistics or outputs), the engine's the whole image.",
    '- Requests and bytes: counted by the server per image (medians per series); ratios are the sums over each ' +
      'series, engine ÷ GDAL. Times are p50 / p95 by nearest rank.',
    '',
    `### New image, cold cache, ${r.settings.delayMs} ms per request`,
    '',
    '| parcel | index | 10 m window (px) | images | engine p50 / p95 (ms) | of which scene choice p50 | engine p50 without delay | engine CPU p50 | engine reads per image | GDAL p50 / p95 (ms) | GDAL reads per image | requests engine ÷ GDAL | bytes engine ÷ GDAL |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...summaryRows(r),
    '',
    `### Memory of the engine's process (MiB)`,
    '',
    'The bench process holds the engine, and the COG server in a worker thread (files read from disk, nothing ' +
      "kept). The engine's tile cache is a byte-bounded LRU (192 MiB of decoded tiles by default).",
    '',
    '| after | RSS | heap used | array buffers | RSS after GC | heap after GC | array buffers after GC | libvips cache |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...memoryRows(r),
    '',
    '### Findings',
    '',
    ...findings(r),
    ...extra,
    '',
  ];
  return lines.join('\n');
}

export async function writeRealSize(report: RealSizeReport, options: { doc: boolean }): Promise<void> {
  await mkdir(dirname(JSON_OUT), { recursive: true });
  await writeFile(JSON_OUT, `${JSON.stringify(report, null, 2)}\n`);
  if (options.doc) await writeDocSection(renderRealSection(report));
}

export function printRealSize(r: RealSizeReport, log: (line: string) => void): void {
  const pad = (s: string, n: number) => s.padEnd(n);
  log('');
  log(`new image, cold cache, ${r.settings.delayMs} ms per request (ms p50/p95; reads per image)`);
  log(
    `${pad('parcel', 9)}${pad('index', 6)}${pad('window', 10)}${pad('engine', 12)}${pad('select', 8)}` +
      `${pad('engine reads', 18)}${pad('gdal', 12)}${pad('gdal reads', 18)}ratio req / bytes`,
  );
  for (const s of r.summaries) {
    log(
      `${pad(`${s.sizeHa} ha`, 9)}${pad(s.index, 6)}${pad(s.window, 10)}${pad(`${f0(s.engine.p50)}/${f0(s.engine.p95)}`, 12)}` +
        `${pad(f0(s.engine.selectP50), 8)}${pad(`${s.engine.requests} / ${mib(s.engine.bytes)}`, 18)}` +
        `${pad(`${f0(s.gdal.p50)}/${f0(s.gdal.p95)}`, 12)}${pad(`${s.gdal.requests} / ${mib(s.gdal.bytes)}`, 18)}` +
        `${x2(s.ratioRequests)} / ${x2(s.ratioBytes)}`,
    );
  }
  log('');
  for (const m of r.memory)
    log(`  ${m.label}: RSS ${m.rssMiB} MiB (${m.afterGc.rssMiB} after GC), heap ${m.heapUsedMiB} MiB`);
  for (const t of evaluateRealSize(r)) log(`${t.met ? 'MET    ' : 'NOT MET'}  ${t.name} ${t.goal}: ${t.measured}`);
}
