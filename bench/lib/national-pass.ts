// One worker of `bench:national` (issue 29 §4), run as its own process so its CPU time, peak RSS and reads are its
// own (the loopback COG server runs in the parent): the tile pass (computeTilePass) over the parcels of the tile
// whose northernmost row lies in [fromRow, toRow), streamed through a reader whose cache holds 4 block rows of the
// bands read (tilePassCacheBytes). Writes every parcel × index entry and its measurements to `out` (JSON).
import { readFile, writeFile } from 'node:fs/promises';
import {
  computeTilePass,
  createCatalog,
  createCogReader,
  tileParcels,
  tilePassCacheBytes,
  type CogInfo,
  type CogReader,
  type TilePassEntry,
} from '@filaha/imagery';
import type { BenchParcel } from './national-parcels.ts';

export interface PassInput {
  stacUrl: string;
  /** The acquisition's UTC day. */
  day: string;
  /** The tile whose pass runs (the acquisition's other tiles are read for the parcels on a seam). */
  tileId: string;
  bbox: [number, number, number, number];
  parcelsFile: string;
  fromRow: number;
  toRow: number;
  /** Only the parcels with an id up to this (a random subset: ids are drawn in no spatial order). */
  maxId: number;
  indices: string[];
  /** Block rows of every band the reader's cache holds. */
  cacheRows: number;
  out: string;
}

export interface PassOutput {
  tileId: string;
  /** Parcels of the row range, and of those the ones this tile's pass owns (tileParcels). */
  given: number;
  owned: number;
  points: number;
  skips: number;
  reasons: Record<string, number>;
  /** Parcel × index points mosaicked from more than one tile (parcels on a seam). */
  mosaics: number;
  cacheBytes: number;
  /** process.cpuUsage over tileParcels and over computeTilePass (µs; the zlib thread pool included). */
  selectCpuUs: { user: number; system: number };
  passCpuUs: { user: number; system: number };
  /** Wall clock of the pass (epoch ms, from performance.timeOrigin): the parent compares workers run together. */
  passStart: number;
  passEnd: number;
  /** The same instants on the monotonic clock (µs), the clock of a --cpu-prof profile's samples. */
  passStartMonoUs: number;
  passEndMonoUs: number;
  /** Peak resident set of this process (bytes, getrusage). */
  maxRssBytes: number;
  reader: CogReader['stats'];
  /** Distinct internal blocks the pass's windows touch: "file tx ty" (file = the item's folder and the asset's file). */
  blocks: string[];
  entries: Array<[number, TilePassEntry[]]>;
}

const bytesPerSample = (info: CogInfo) => (info.href.split('?')[0]!.endsWith('SCL.tif') ? 1 : 2);
const BANDS = ['scl', 'red', 'nir', 'swir16'] as const;

async function run(input: PassInput): Promise<PassOutput> {
  const all = JSON.parse(await readFile(input.parcelsFile, 'utf8')) as BenchParcel[];
  const given = all.filter((p) => p.topRow >= input.fromRow && p.topRow < input.toRow && p.id <= input.maxId);
  const catalog = createCatalog({ stacApiUrl: input.stacUrl, timeoutMs: 20_000, retries: 1 });
  const group = (await catalog.search({ bbox: input.bbox, start: input.day, end: input.day })).filter(
    (a) => a.date === input.day,
  );
  const tile = group.find((a) => a.id === input.tileId);
  if (!tile)
    throw new Error(`tile ${input.tileId} not found on ${input.day} (found ${group.map((a) => a.id).join(', ')})`);

  // The band layouts, for the cache budget: headers only (a few KiB per band), through a throwaway reader.
  const probe = createCogReader();
  const infos = await Promise.all(BANDS.map((b) => probe.open(tile.assets[b]!.href)));
  const cacheBytes = tilePassCacheBytes(infos, bytesPerSample, input.cacheRows);
  const inner = createCogReader({ cacheBytes, timeoutMs: 20_000 });
  // Every window the pass asks for (to count the distinct blocks it needs afterwards): five numbers a read, kept in
  // one growing typed array, so that the bookkeeping adds no object per read to the pass's own garbage collection.
  const hrefs: string[] = [];
  const hrefIds = new Map<string, number>();
  let windows = new Int32Array(5 * 65_536);
  let recorded = 0;
  const reader: CogReader = {
    open: (href) => inner.open(href),
    readWindow: (href, request) => {
      let h = hrefIds.get(href);
      if (h === undefined) hrefIds.set(href, (h = hrefs.push(href) - 1));
      if (recorded + 5 > windows.length) {
        const grown = new Int32Array(2 * windows.length);
        grown.set(windows);
        windows = grown;
      }
      windows[recorded++] = h;
      windows[recorded++] = request.col0;
      windows[recorded++] = request.row0;
      windows[recorded++] = request.width;
      windows[recorded++] = request.height;
      return inner.readWindow(href, request);
    },
    get stats() {
      return inner.stats;
    },
    resetStats: () => inner.resetStats(),
    clearCache: () => inner.clearCache(),
  };
  const entries: Array<[number, TilePassEntry[]]> = [];

  const cpu0 = process.cpuUsage();
  const owned = tileParcels(group, tile.id, given);
  const selectCpuUs = process.cpuUsage(cpu0);
  const passStart = performance.timeOrigin + performance.now();
  const passStartMonoUs = Number(process.hrtime.bigint() / 1000n);
  const cpu1 = process.cpuUsage();
  const pass = await computeTilePass({
    reader,
    group,
    tileId: tile.id,
    parcels: owned,
    indices: input.indices,
    onParcel: (parcelId, parcelEntries) => void entries.push([parcelId, parcelEntries]),
  });
  const passCpuUs = process.cpuUsage(cpu1);
  const passEnd = performance.timeOrigin + performance.now();
  const passEndMonoUs = Number(process.hrtime.bigint() / 1000n);

  const reasons: Record<string, number> = {};
  let mosaics = 0;
  for (const [, list] of entries)
    for (const { result } of list) {
      const key = 'stats' in result ? 'point' : result.reason;
      reasons[key] = (reasons[key] ?? 0) + 1;
      if ('stats' in result && result.tiles.length > 1) mosaics += 1;
    }
  const blocks = new Set<string>();
  for (let w = 0; w < recorded; w += 5) {
    const href = hrefs[windows[w]!]!;
    const [col0, row0, width, height] = [windows[w + 1]!, windows[w + 2]!, windows[w + 3]!, windows[w + 4]!];
    const info = await inner.open(href);
    // The item's folder and the file: both tiles have a B04.tif.
    const file = href.split('?')[0]!.split('/').slice(-2).join('/');
    const c0 = Math.max(0, col0);
    const r0 = Math.max(0, row0);
    const c1 = Math.min(info.width, col0 + width);
    const r1 = Math.min(info.height, row0 + height);
    for (let ty = Math.floor(r0 / info.tileHeight); ty * info.tileHeight < r1; ty++)
      for (let tx = Math.floor(c0 / info.tileWidth); tx * info.tileWidth < c1; tx++) blocks.add(`${file} ${tx} ${ty}`);
  }
  return {
    tileId: tile.id,
    given: given.length,
    owned: owned.length,
    points: pass.points,
    mosaics,
    skips: pass.skips,
    reasons,
    cacheBytes,
    selectCpuUs,
    passCpuUs,
    passStart,
    passEnd,
    passStartMonoUs,
    passEndMonoUs,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    reader: { ...inner.stats },
    blocks: [...blocks].sort(),
    entries,
  };
}

if (import.meta.main) {
  const input = JSON.parse(process.argv[2]!) as PassInput;
  run(input).then(
    async (output) => {
      await writeFile(input.out, JSON.stringify(output));
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
