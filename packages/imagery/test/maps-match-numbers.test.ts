import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { fromArrayBuffer } from 'geotiff';
import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AllCloudyError,
  DEFAULT_MIN_VALID_FRACTION,
  INDICES,
  computeIndexMap,
  computeIndexValues,
  computeStats,
  createCatalog,
  dnToReflectance,
  pointOnSurface,
  type BandStack,
  type Catalog,
  type IndexMapResult,
} from '../src/index.ts';
import { HAS_S2_FIXTURES, PENTAGON_29RKH, S2_FIXTURES, noteIfMissing } from './helpers/fixtures.ts';
import { pointInPolygon } from './helpers/reference.ts';
import { GRID, polygonFromUtm } from './helpers/synthetic.ts';
import { buildSyntheticCatalog, type SyntheticCatalog } from './helpers/synthetic-catalog.ts';

noteIfMissing('maps match their numbers: GeoTIFF statistics on the 29RKH COGs');

/** The GeoTIFF as a GIS user gets it: georeferencing and the non-NaN pixels with their grid positions. */
async function readTiff(result: IndexMapResult) {
  const bytes = result.geotiff;
  const tiff = await fromArrayBuffer(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const image = await tiff.getImage();
  const [raster] = (await image.readRasters()) as unknown as [Float32Array];
  const [x0, y0] = image.getOrigin() as [number, number];
  const [resX, resY] = image.getResolution() as [number, number];
  const width = image.getWidth();
  const pixels: Array<{ x: number; y: number; value: number }> = [];
  raster!.forEach((value, i) => {
    if (!Number.isNaN(value))
      pixels.push({ x: x0 + ((i % width) + 0.5) * resX, y: y0 + (Math.floor(i / width) + 0.5) * resY, value });
  });
  return { epsg: image.getGeoKeys()?.ProjectedCSTypeGeoKey as number | undefined, resX, resY, pixels };
}

/** Population statistics computed here, from the GeoTIFF's pixels only. */
function tiffStats(values: number[]) {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const std = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
  return { count: values.length, mean, std, min: Math.min(...values), max: Math.max(...values) };
}

describe.skipIf(!HAS_S2_FIXTURES)('real 29RKH COGs: the downloaded GeoTIFF has the answer’s statistics', () => {
  let dir: string;
  let catalog: Catalog;
  const folder = path.join(S2_FIXTURES, 'cogs-29RKH-2020-02-19');
  const toLonLat = proj4('EPSG:32629', 'EPSG:4326');
  const ring = PENTAGON_29RKH.map((v) => toLonLat.forward(v));
  const geometry = { type: 'Polygon' as const, coordinates: [[...ring, ring[0]!]] };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'imagery-maps-'));
    const item = JSON.parse(await readFile(path.join(folder, 'S2A_29RKH_20200219_0_L2A.json'), 'utf8')) as {
      assets: Record<string, { href: string }>;
    };
    const local = new Set(['B02.tif', 'B03.tif', 'B04.tif', 'B05.tif', 'B08.tif', 'B8A.tif', 'B11.tif', 'SCL.tif']);
    for (const asset of Object.values(item.assets)) {
      const file = asset.href.split('/').pop()!;
      if (local.has(file) && !asset.href.startsWith('s3://')) asset.href = path.join(folder, file);
    }
    await writeFile(path.join(dir, 'item.json'), JSON.stringify(item));
    catalog = createCatalog({ catalogPath: dir });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('refuses this parcel by default: about 31 % of it is visible, under DEFAULT_MIN_VALID_FRACTION', async () => {
    expect(DEFAULT_MIN_VALID_FRACTION).toBe(0.6);
    const error = await computeIndexMap({ catalog, geometry, index: 'NDVI', start: '2020-02-19', end: '2020-02-19' })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AllCloudyError);
    const cloudy = error as AllCloudyError;
    expect(cloudy.bestSceneId).toBe('S2A_29RKH_20200219_0_L2A');
    expect(cloudy.bestValidFraction).toBeGreaterThan(0.2);
    expect(cloudy.bestValidFraction).toBeLessThan(DEFAULT_MIN_VALID_FRACTION);
  });

  for (const code of Object.keys(INDICES)) {
    it(`${code}: count exactly, mean/std within 1e-6, min/max equal, every pixel inside the parcel`, async () => {
      // Partly clouded on purpose (masked pixels must be NaN in the GeoTIFF): accepted explicitly, see above.
      const window = { start: '2020-02-19', end: '2020-02-19', minValidFraction: 0.2 };
      const result = await computeIndexMap({ catalog, geometry, index: code, ...window });
      const tiff = await readTiff(result);
      expect(tiff.epsg).toBe(32629);
      expect([tiff.resX, tiff.resY]).toEqual([100, -100]);
      const own = tiffStats(tiff.pixels.map((p) => p.value));
      expect(result.stats.validFraction).toBeLessThan(0.95); // clouds are masked in this parcel
      expect(own.count).toBe(result.stats.count);
      expect(Math.abs(own.mean - result.stats.mean!)).toBeLessThan(1e-6);
      expect(Math.abs(own.std - result.stats.std!)).toBeLessThan(1e-6);
      expect(own.min).toBe(result.stats.min);
      expect(own.max).toBe(result.stats.max);
      for (const p of tiff.pixels) {
        const [lon, lat] = toLonLat.forward([p.x, p.y]);
        expect(pointInPolygon(lon!, lat!, geometry.coordinates[0]!), `${p.x},${p.y}`).toBe(true);
      }
      // What the map shows is what was counted: every value of the lat/lon grid is one of the GeoTIFF's.
      const counted = new Set(tiff.pixels.map((p) => p.value));
      const shown = Array.from(result.valuesGrid.data).filter((v) => !Number.isNaN(v));
      expect(shown.length).toBeGreaterThan(0.8 * own.count);
      for (const v of shown) expect(counted.has(v)).toBe(true);
    });
  }
});

describe('parcels smaller than a few pixels: one rule for map and numbers', () => {
  let synthetic: SyntheticCatalog;
  let catalog: Catalog;
  beforeAll(async () => {
    synthetic = await buildSyntheticCatalog();
    catalog = createCatalog({ catalogPath: synthetic.dir });
  });
  afterAll(() => rm(synthetic.dir, { recursive: true, force: true }));

  const ndviAt = (col: number, row: number) => {
    const i = row * GRID.width + col;
    const red = synthetic.dn.A.red![i]! / 10000;
    const nir = synthetic.dn.A.nir![i]! / 10000;
    return Math.fround((nir - red) / (nir + red));
  };
  const run = (geometry: ReturnType<typeof polygonFromUtm>) =>
    computeIndexMap({ catalog, geometry, index: 'NDVI', start: '2025-06-10', end: '2025-06-10' });
  /** Source (col, row) of each non-NaN GeoTIFF pixel. */
  const tiffPixels = async (result: IndexMapResult) =>
    (await readTiff(result)).pixels.map((p) => ({
      col: Math.floor((p.x - GRID.x0) / 10),
      row: Math.floor((GRID.y0 - p.y) / 10),
      value: p.value,
    }));

  it('a concave parcel holding no pixel centre is the pixel of its point-on-surface, not of its bbox centre', async () => {
    // An L 27 m × 27 m with 2 m arms, placed between pixel centres: its bbox centre lies in pixel (c+1, r+1),
    // which the L does not even touch; the point-on-surface lies in the vertical arm, pixel (c, r+1).
    const c = 30;
    const r = 40;
    const X = GRID.x0 + c * 10;
    const Y = GRID.y0 - r * 10;
    const parcel = polygonFromUtm(GRID, [
      [X + 1, Y - 1],
      [X + 3, Y - 1],
      [X + 3, Y - 26],
      [X + 28, Y - 26],
      [X + 28, Y - 28],
      [X + 1, Y - 28],
    ]);
    const result = await run(parcel);
    expect(result.stats.count).toBe(1);
    expect(result.stats.mean).toBe(ndviAt(c, r + 1));
    expect(await tiffPixels(result)).toEqual([{ col: c, row: r + 1, value: ndviAt(c, r + 1) }]);
    const shown = new Set(Array.from(result.valuesGrid.data).filter((v) => !Number.isNaN(v)));
    expect([...shown]).toEqual([ndviAt(c, r + 1)]);
  });

  it('a 3 m-wide diagonal sliver shows on the map only the pixels the statistics count', async () => {
    // 3 m wide, ≈ 270 m long, at 45°: about a third of the pixels it crosses have their centre inside.
    const X = GRID.x0 + 300.2;
    const Y = GRID.y0 - 300.7;
    const d = 3 / Math.SQRT2;
    const parcel = polygonFromUtm(GRID, [
      [X, Y],
      [X + d, Y + d],
      [X + d + 190, Y + d - 190],
      [X + 190, Y - 190],
    ]);
    const result = await run(parcel);
    const tiff = await tiffPixels(result);
    expect(result.stats.count).toBeGreaterThan(0);
    expect(tiff.length).toBe(result.stats.count);
    for (const p of tiff) expect(p.value).toBe(ndviAt(p.col, p.row));
    const counted = new Set(tiff.map((p) => p.value));
    const shownCells = Array.from(result.valuesGrid.data).filter((v) => !Number.isNaN(v));
    for (const v of shownCells) expect(counted.has(v)).toBe(true);
    // Each counted 10 m pixel is about one output cell: not the ~27 cells the outline used to paint.
    expect(shownCells.length).toBeLessThanOrEqual(result.stats.count + 2);
    expect(new Set(shownCells).size).toBeGreaterThanOrEqual(result.stats.count - 2);
  });
});

describe('pointOnSurface', () => {
  const ring = (points: Array<[number, number]>) => ({
    xs: Float64Array.from(points, (p) => p[0]),
    ys: Float64Array.from(points, (p) => p[1]),
  });
  const inside = (rings: ReturnType<typeof ring>[], [x, y]: [number, number]) =>
    rings.filter((r) =>
      pointInPolygon(
        x,
        y,
        Array.from(r.xs, (v, i) => [v, r.ys[i]!]),
      ),
    ).length %
      2 ===
    1;

  it('lies inside parts, concave shapes and around holes where the bbox centre does not', () => {
    const cases = [
      // Two squares with a gap across the bbox's middle height.
      [
        ring([
          [0, 0],
          [10, 0],
          [10, 10],
          [0, 10],
        ]),
        ring([
          [0, 30],
          [4, 30],
          [4, 40],
          [0, 40],
        ]),
      ],
      // A square with a square hole over its bbox centre.
      [
        ring([
          [0, 0],
          [10, 0],
          [10, 10],
          [0, 10],
        ]),
        ring([
          [2, 2],
          [8, 2],
          [8, 8],
          [2, 8],
        ]),
      ],
      // A thin V.
      [
        ring([
          [0, 10],
          [5, 0],
          [10, 10],
          [9, 10],
          [5, 2],
          [1, 10],
        ]),
      ],
    ];
    for (const rings of cases) {
      const p = pointOnSurface(rings)!;
      const xs = rings.flatMap((r) => Array.from(r.xs));
      const ys = rings.flatMap((r) => Array.from(r.ys));
      const centre: [number, number] = [
        (Math.min(...xs) + Math.max(...xs)) / 2,
        (Math.min(...ys) + Math.max(...ys)) / 2,
      ];
      expect(inside(rings, centre)).toBe(false); // the bbox centre is outside
      expect(inside(rings, p), `${p}`).toBe(true);
    }
    expect(
      pointOnSurface([
        ring([
          [0, 0],
          [5, 0],
          [10, 0],
        ]),
      ]),
    ).toBeNull();
  });
});

describe('invalid reflectance never reaches the statistics', () => {
  const NORMALIZED = ['NDVI', 'NDMI', 'NDWI', 'NDRE', 'GNDVI'];
  // DN biased towards the dark end, where the +1000 offset turns reflectance negative, plus no-data (0)
  // and saturation (65535).
  const dn = fc.oneof(
    fc.integer({ min: 0, max: 1500 }),
    fc.integer({ min: 0, max: 65535 }),
    fc.constantFrom(0, 1, 999, 1000, 1001, 10000, 10001, 65535),
  );

  it('keeps every normalized-difference value and statistic within [−1, 1] for random DN, offsets and masks', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(0, 1000),
        fc.constantFrom(...NORMALIZED),
        fc.infiniteStream(fc.tuple(dn, dn, fc.integer({ min: 0, max: 11 }), fc.boolean())),
        (width, height, offset, code, pixels) => {
          const index = INDICES[code]!;
          const n = width * height;
          const [a, b] = index.bands as [string, string];
          const bands = { [a]: new Float64Array(n), [b]: new Float64Array(n) };
          const scl = new Uint8Array(n);
          const inParcel = new Uint8Array(n);
          const it = pixels[Symbol.iterator]();
          for (let i = 0; i < n; i++) {
            const [dnA, dnB, cls, inside] = it.next().value!;
            // As band-stack reads them: no-data (0) → NaN, then the offset rule.
            bands[a]![i] = dnA === 0 ? Number.NaN : dnToReflectance(dnA, offset);
            bands[b]![i] = dnB === 0 ? Number.NaN : dnToReflectance(dnB, offset);
            scl[i] = cls;
            inParcel[i] = inside ? 1 : 0;
          }
          const stack: BandStack = {
            grid: { epsg: 32631, x0: 0, y0: 0, resX: 10, resY: 10, width, height, col0: 0, row0: 0 },
            bands,
            scl,
            inParcel,
          };
          const values = computeIndexValues(index, stack);
          for (const v of values) if (!Number.isNaN(v)) expect(Math.abs(v)).toBeLessThanOrEqual(1);
          const stats = computeStats(values, inParcel, 10);
          if (stats.count > 0) {
            expect(stats.min!).toBeGreaterThanOrEqual(-1);
            expect(stats.max!).toBeLessThanOrEqual(1);
            expect(Math.abs(stats.mean!)).toBeLessThanOrEqual(1);
            expect(stats.std!).toBeLessThanOrEqual(1);
          }
        },
      ),
      { numRuns: 300, seed: 20261125 },
    );
  });

  it('masks a band reflectance ≤ 0 or > 1 in every index that uses it, and reports it in validFraction', () => {
    // One row: valid · DN 999 with offset 1000 (reflectance −0.0001) · DN 1000 (0) · saturated 65535.
    const red = [2000, 999, 1000, 1500].map((d) => dnToReflectance(d, 1000));
    const nir = [4000, 4000, 4000, 65535].map((d) => dnToReflectance(d, 1000));
    const stack: BandStack = {
      grid: { epsg: 32631, x0: 0, y0: 0, resX: 10, resY: 10, width: 4, height: 1, col0: 0, row0: 0 },
      bands: { red: Float64Array.from(red), nir: Float64Array.from(nir) },
      scl: new Uint8Array(4).fill(4),
      inParcel: new Uint8Array(4).fill(1),
    };
    for (const code of ['NDVI', 'SAVI', 'MSAVI']) {
      const values = computeIndexValues(INDICES[code]!, stack);
      expect(
        Array.from(values, (v) => !Number.isNaN(v)),
        code,
      ).toEqual([true, false, false, false]);
      const stats = computeStats(values, stack.inParcel, 10);
      expect(stats.count).toBe(1);
      expect(stats.validFraction).toBe(0.25);
    }
  });
});
