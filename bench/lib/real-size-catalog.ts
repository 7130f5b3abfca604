// A static STAC catalog in the real Sentinel-2 L2A layout, generated with GDAL from the real 29RKH fixture COGs
// (../shared/fixtures/sentinel2/cogs-29RKH-2020-02-19, 100 m / 200 m): every band is mirrored 10 × 10 across
// the full MGRS tile — 10980 × 10980 at 10 m, 5490 × 5490 at 20 m, on the fixture's own UTM 29N origin — and
// written by GDAL's COG driver with 1024² tiles, DEFLATE + predictor 2 and overviews, as Earth Search's are.
// Mirroring (not repeating) keeps neighbouring copies continuous, so every tile holds real pixels and
// compresses like a real one. Generated once into a cache folder outside git and reused.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PYTHON } from './gdal.ts';

const run = promisify(execFile);

const REPO = resolve(import.meta.dirname, '../..');
export const FIXTURE_DIR = resolve(REPO, '../shared/fixtures/sentinel2/cogs-29RKH-2020-02-19');
const FIXTURE_ITEM = 'S2A_29RKH_20200219_0_L2A';
/** Bump when the layout or the generation changes: a new folder is generated, the old one is left alone. */
const VERSION = 'v1';

/** The bands generated (file → resolution): the 10 m and 20 m bands the engine's indices use, and SCL. */
export const BANDS: ReadonlyArray<{ file: string; res: 10 | 20 }> = [
  { file: 'B04.tif', res: 10 },
  { file: 'B08.tif', res: 10 },
  { file: 'B03.tif', res: 10 },
  { file: 'B02.tif', res: 10 },
  { file: 'B05.tif', res: 20 },
  { file: 'B8A.tif', res: 20 },
  { file: 'B11.tif', res: 20 },
  { file: 'SCL.tif', res: 20 },
];

/** The COG driver options (the same as `gdal_translate -of COG -co …`). */
export const COG_OPTIONS = [
  'BLOCKSIZE=1024',
  'COMPRESS=DEFLATE',
  'PREDICTOR=2',
  'OVERVIEWS=AUTO',
  'RESAMPLING=NEAREST',
  'NUM_THREADS=2',
];

/**
 * The second acquisition (5 days later, the other satellite) shares the first's band files and has its own
 * SCL, mirrored with the opposite phase so its clouds lie elsewhere: the scene choice then reads two SCLs,
 * as it does for a real window of a few days.
 */
const SECOND_ITEM = { id: 'S2B_29RKH_20200224_0_L2A', datetime: '2020-02-24T11:34:25.405000Z' };
export const BENCH_WINDOW = { start: '2020-02-18', end: '2020-02-25' } as const;

export interface RealSizeManifest {
  version: string;
  dir: string;
  gdal: string;
  generatedAt: string;
  /** Wall time of the generation (s) on this machine. */
  generationS: number;
  cogOptions: string[];
  items: string[];
  files: Array<{
    file: string;
    res: number;
    width: number;
    height: number;
    bytes: number;
    tiles: number;
    /** Mean compressed size of a full-resolution tile (TileByteCounts of IFD 0). */
    meanTileBytes: number;
    overviews: string[];
  }>;
  /** True when this run found the catalog in the cache (not written to the manifest). */
  reused?: boolean;
  /** Mean compressed tile size of the scene's SCL variant of the second acquisition. */
  secondScl: { bytes: number; meanTileBytes: number };
}

// Builds one mirrored full-size band in memory (≤ 242 MB of UInt16) and writes it with the COG driver;
// prints a JSON line describing the result (sizes, tile byte counts, overviews).
const PYTHON_GENERATE = `
import json, os, sys
import numpy as np
from osgeo import gdal
gdal.UseExceptions()
src, dst, res, phase = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
options = json.loads(sys.argv[5])
shift_x = float(sys.argv[6]) if len(sys.argv) > 6 else 0.0
ds = gdal.Open(src)
band = ds.GetRasterBand(1)
a = band.ReadAsArray()
flip_x, flip_y = a[:, ::-1], a[::-1, :]
pair = [flip_x, a] if phase else [a, flip_x]
row = np.concatenate(pair * 5, axis=1)
full = np.ascontiguousarray(np.concatenate([row, row[::-1, :]] * 5 if not phase else [row[::-1, :], row] * 5, axis=0))
h, w = full.shape
mem = gdal.GetDriverByName("MEM").Create("", w, h, 1, band.DataType)
gt = ds.GetGeoTransform()
mem.SetGeoTransform((gt[0] + shift_x, res, 0.0, gt[3], 0.0, -res))
mem.SetProjection(ds.GetProjection())
out = mem.GetRasterBand(1)
nodata = band.GetNoDataValue()
if nodata is not None:
    out.SetNoDataValue(nodata)
out.WriteArray(full)
gdal.Translate(dst, mem, format="COG", creationOptions=options)
cog = gdal.Open(dst)
b = cog.GetRasterBand(1)
counts = []
bx, by = b.GetBlockSize()
for ty in range((h + by - 1) // by):
    for tx in range((w + bx - 1) // bx):
        size = b.GetMetadataItem("BLOCK_SIZE_%d_%d" % (tx, ty), "TIFF")
        if size is not None:
            counts.append(int(size))
print(json.dumps({
    "width": w, "height": h, "bytes": os.path.getsize(dst), "tiles": len(counts),
    "meanTileBytes": sum(counts) / max(1, len(counts)),
    "overviews": ["%dx%d" % (b.GetOverview(i).XSize, b.GetOverview(i).YSize) for i in range(b.GetOverviewCount())],
}))
`;

async function generateBand(src: string, dst: string, res: number, phase: 0 | 1, shiftX = 0) {
  const { stdout } = await run(
    PYTHON,
    ['-c', PYTHON_GENERATE, src, dst, String(res), String(phase), JSON.stringify(COG_OPTIONS), String(shiftX)],
    { maxBuffer: 1 << 20, timeout: 600_000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Omit<RealSizeManifest['files'][number], 'file' | 'res'>;
}

type Json = Record<string, unknown>;

/** The real fixture item with only the generated assets, their hrefs relative to the item. */
export async function itemJson(id: string, datetime: string, platform: string): Promise<Json> {
  const item = JSON.parse(await readFile(join(FIXTURE_DIR, `${FIXTURE_ITEM}.json`), 'utf8')) as Json;
  const files = new Set(BANDS.map((b) => b.file));
  const assets: Record<string, Json> = {};
  for (const [key, asset] of Object.entries(item.assets as Record<string, Json>)) {
    const file = String(asset.href).split('/').at(-1)!;
    if (files.has(file)) assets[key] = { ...asset, href: `./${file}` };
  }
  const properties = { ...(item.properties as Json), datetime, platform };
  return {
    ...item,
    id,
    properties,
    assets,
    links: [{ rel: 'root', href: '../catalog.json', type: 'application/json' }],
  };
}

export function cacheRoot(): string {
  return process.env.FILAHA_BENCH_CACHE ?? join(homedir(), '.cache', 'filaha', 'bench');
}

/**
 * The catalog folder, generated on first use (a few tens of seconds on 2 cores) and reused afterwards: the
 * manifest is written last, so an interrupted generation is redone from scratch.
 */
export async function ensureRealSizeCatalog(log: (line: string) => void): Promise<RealSizeManifest> {
  const dir = join(cacheRoot(), `s2-real-size-29RKH-${VERSION}`);
  const manifestPath = join(dir, 'manifest.json');
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as RealSizeManifest;
    log(`real-size catalog: reusing ${dir} (generated ${manifest.generatedAt} in ${manifest.generationS} s)`);
    return { ...manifest, dir, reused: true };
  }
  if (!existsSync(FIXTURE_DIR)) throw new Error(`real Sentinel-2 fixtures not found at ${FIXTURE_DIR}`);
  const { stdout: version } = await run('gdal_translate', ['--version']);
  const building = `${dir}.building-${process.pid}`;
  await rm(building, { recursive: true, force: true });
  const first = join(building, FIXTURE_ITEM);
  const second = join(building, SECOND_ITEM.id);
  await mkdir(first, { recursive: true });
  await mkdir(second, { recursive: true });
  const t0 = Date.now();
  const files: RealSizeManifest['files'] = [];
  for (const band of BANDS) {
    const t = Date.now();
    const info = await generateBand(join(FIXTURE_DIR, band.file), join(first, band.file), band.res, 0);
    files.push({ file: band.file, res: band.res, ...info });
    log(
      `  ${band.file}: ${info.width}×${info.height} at ${band.res} m, ${(info.bytes / 2 ** 20).toFixed(1)} MiB, ` +
        `${info.tiles} tiles of ${(info.meanTileBytes / 1024).toFixed(0)} KiB on average (${((Date.now() - t) / 1000).toFixed(1)} s)`,
    );
    if (band.file !== 'SCL.tif') await symlink(join('..', FIXTURE_ITEM, band.file), join(second, band.file));
  }
  const scl = await generateBand(join(FIXTURE_DIR, 'SCL.tif'), join(second, 'SCL.tif'), 20, 1);
  const generationS = Math.round((Date.now() - t0) / 100) / 10;
  await writeFile(
    join(first, `${FIXTURE_ITEM}.json`),
    JSON.stringify(await itemJson(FIXTURE_ITEM, '2020-02-19T11:34:25.405000Z', 'sentinel-2a'), null, 2),
  );
  await writeFile(
    join(second, `${SECOND_ITEM.id}.json`),
    JSON.stringify(await itemJson(SECOND_ITEM.id, SECOND_ITEM.datetime, 'sentinel-2b'), null, 2),
  );
  const items = [FIXTURE_ITEM, SECOND_ITEM.id];
  const catalog = {
    type: 'Catalog',
    stac_version: '1.0.0',
    id: 'filaha-bench-real-size',
    description:
      'Bench catalog in the real Sentinel-2 L2A layout (10980² at 10 m, 5490² at 20 m, 1024² DEFLATE tiles), ' +
      'generated from the real 29RKH fixture COGs mirrored across the full tile.',
    links: [
      { rel: 'root', href: './catalog.json', type: 'application/json' },
      ...items.map((id) => ({ rel: 'item', href: `./${id}/${id}.json`, type: 'application/geo+json' })),
    ],
  };
  await writeFile(join(building, 'catalog.json'), JSON.stringify(catalog, null, 2));
  const manifest: RealSizeManifest = {
    version: VERSION,
    dir,
    gdal: version.trim(),
    generatedAt: new Date().toISOString(),
    generationS,
    cogOptions: COG_OPTIONS,
    items,
    files,
    secondScl: { bytes: scl.bytes, meanTileBytes: scl.meanTileBytes },
  };
  await writeFile(join(building, 'manifest.json'), JSON.stringify(manifest, null, 2));
  await rm(dir, { recursive: true, force: true });
  await rename(building, dir);
  log(`real-size catalog: generated in ${generationS} s into ${dir}`);
  return { ...manifest, reused: false };
}

/** The neighbouring tile of bench:national: the same acquisition east of 29RKH, abutting it (see ensureNeighbourCatalog). */
export const NEIGHBOUR_ITEM = 'S2A_29RLH_20200219_0_L2A';
/** Its bands: those of NDVI and NDMI, and SCL. */
const NEIGHBOUR_BANDS = BANDS.filter((b) => ['B04.tif', 'B08.tif', 'B11.tif', 'SCL.tif'].includes(b.file));
/** The tile's width (m): the neighbour starts where 29RKH ends. */
const TILE_SIZE_M = 109_800;

/**
 * The catalog of bench:national: 29RKH's first acquisition (a link to the real-size catalog's folder) and a
 * neighbouring tile of the same acquisition, generated like it (the same mirrored pixels, its own COGs) with its
 * origin moved one tile width east, so the two tiles abut: a parcel across the seam lies in neither whole and is
 * mosaicked from both, by 29RKH's pass (the first by id of the tiles it touches). Real Sentinel-2 tiles of one orbit
 * overlap by 9.8 km, so such parcels are rarer there; the bench makes every seam parcel one. `footprint` gives the
 * neighbour's lon/lat footprint from its UTM corners. Generated once beside the real-size catalog.
 */
export async function ensureNeighbourCatalog(
  base: RealSizeManifest,
  footprint: (corners: Array<[number, number]>) => Array<[number, number]>,
  log: (line: string) => void,
): Promise<{ dir: string; items: string[] }> {
  const dir = `${base.dir}-national-v2`;
  const items = [base.items[0]!, NEIGHBOUR_ITEM];
  if (existsSync(join(dir, 'catalog.json'))) {
    log(`neighbouring tile: reusing ${dir}`);
    return { dir, items };
  }
  const building = `${dir}.building-${process.pid}`;
  await rm(building, { recursive: true, force: true });
  await mkdir(join(building, NEIGHBOUR_ITEM), { recursive: true });
  await symlink(join(base.dir, base.items[0]!), join(building, base.items[0]!));
  const t0 = Date.now();
  for (const band of NEIGHBOUR_BANDS)
    await generateBand(
      join(FIXTURE_DIR, band.file),
      join(building, NEIGHBOUR_ITEM, band.file),
      band.res,
      0,
      TILE_SIZE_M,
    );
  const item = await itemJson(NEIGHBOUR_ITEM, '2020-02-19T11:34:25.405000Z', 'sentinel-2a');
  const files = new Set(NEIGHBOUR_BANDS.map((b) => b.file));
  item.assets = Object.fromEntries(
    Object.entries(item.assets as Record<string, Json>).filter(([, a]) => files.has(String(a.href).slice(2))),
  );
  // The UTM corners of the neighbour (29RKH's origin, one tile width east; UTM 29N).
  const [x0, y0] = [199_980 + TILE_SIZE_M, 2_800_020];
  const ring = footprint([
    [x0, y0],
    [x0 + TILE_SIZE_M, y0],
    [x0 + TILE_SIZE_M, y0 - TILE_SIZE_M],
    [x0, y0 - TILE_SIZE_M],
  ]);
  item.geometry = { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
  item.bbox = [
    Math.min(...ring.map((c) => c[0])),
    Math.min(...ring.map((c) => c[1])),
    Math.max(...ring.map((c) => c[0])),
    Math.max(...ring.map((c) => c[1])),
  ];
  // Its own MGRS tile (the catalog keeps one item per tile and sensing time: a copy of 29RKH's ids would be dropped).
  const properties = item.properties as Json;
  item.properties = {
    ...properties,
    'mgrs:grid_square': 'LH',
    'grid:code': 'MGRS-29RLH',
    's2:product_uri': String(properties['s2:product_uri']).replace('T29RKH', 'T29RLH'),
    's2:granule_id': String(properties['s2:granule_id']).replace('T29RKH', 'T29RLH'),
  };
  await writeFile(join(building, NEIGHBOUR_ITEM, `${NEIGHBOUR_ITEM}.json`), JSON.stringify(item, null, 2));
  const catalog = {
    type: 'Catalog',
    stac_version: '1.0.0',
    id: 'filaha-bench-national',
    description:
      'bench:national: the real-size 29RKH tile and a neighbouring tile of the same acquisition, abutting it.',
    links: [
      { rel: 'root', href: './catalog.json', type: 'application/json' },
      ...items.map((id) => ({ rel: 'item', href: `./${id}/${id}.json`, type: 'application/geo+json' })),
    ],
  };
  await writeFile(join(building, 'catalog.json'), JSON.stringify(catalog, null, 2));
  await rm(dir, { recursive: true, force: true });
  await rename(building, dir);
  log(`neighbouring tile: generated in ${Math.round((Date.now() - t0) / 100) / 10} s into ${dir}`);
  return { dir, items };
}
