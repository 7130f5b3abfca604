import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INDICES,
  computeIndexMap,
  computeIndexValues,
  createCatalog,
  readBandStack,
  type Acquisition,
  type BandStack,
  type Catalog,
} from '../src/index.ts';
import { bilinear20at10, bilinear20at10Masked, pixelsInParcel, referenceStats } from './helpers/reference.ts';
import { PARCEL } from './helpers/scenes.ts';
import { GRID } from './helpers/synthetic.ts';
import {
  acquisitionsById,
  buildSyntheticCatalog,
  DARK_BLOCK,
  IDS,
  ZERO_BLOCK,
  type SyntheticCatalog,
} from './helpers/synthetic-catalog.ts';

/** The formulas as written in IMAGERY.md, independent of src/indices.ts. */
const EXPECTED: Record<string, (b: Record<string, number>) => number> = {
  NDVI: ({ nir, red }) => (nir! - red!) / (nir! + red!),
  NDMI: ({ nir, swir16 }) => (nir! - swir16!) / (nir! + swir16!),
  NDWI: ({ green, nir }) => (green! - nir!) / (green! + nir!),
  NDRE: ({ nir, rededge1 }) => (nir! - rededge1!) / (nir! + rededge1!),
  MSAVI: ({ nir, red }) => (2 * nir! + 1 - Math.sqrt((2 * nir! + 1) ** 2 - 8 * (nir! - red!))) / 2,
  EVI: ({ nir, red, blue }) => (2.5 * (nir! - red!)) / (nir! + 6 * red! - 7.5 * blue! + 1),
  SAVI: ({ nir, red }) => (1.5 * (nir! - red!)) / (nir! + red! + 0.5),
  GNDVI: ({ nir, green }) => (nir! - green!) / (nir! + green!),
};
const TWENTY_M = new Set(['rededge1', 'nir08', 'swir16']);

let synthetic: SyntheticCatalog;
let catalog: Catalog;
let acquisitions: Record<string, Acquisition>;

beforeAll(async () => {
  synthetic = await buildSyntheticCatalog();
  catalog = createCatalog({ catalogPath: synthetic.dir });
  acquisitions = await acquisitionsById(catalog);
});
afterAll(() => rm(synthetic.dir, { recursive: true, force: true }));

/** Reflectance of a band at global 10 m pixel (col, row) of scene `key`, computed here from the DNs. */
function reflectance(key: keyof typeof IDS, band: string, col: number, row: number, offset: number): number {
  const dn = synthetic.dn[key][band]!;
  const raw = TWENTY_M.has(band)
    ? bilinear20at10(dn, GRID.width / 2, GRID.height / 2, col, row)
    : dn[row * GRID.width + col]!;
  return (raw - offset) / 10000;
}

function forEachPixel(stack: BandStack, fn: (i: number, col: number, row: number) => void): void {
  for (let r = 0; r < stack.grid.height; r++)
    for (let c = 0; c < stack.grid.width; c++) fn(r * stack.grid.width + c, stack.grid.col0 + c, stack.grid.row0 + r);
}

describe('index registry', () => {
  it('holds exactly the eight documented indices', () => {
    expect(Object.keys(INDICES).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const code of Object.keys(EXPECTED)) {
    it(`${code} equals an independent per-pixel computation (20 m bands bilinear on the 10 m grid)`, async () => {
      const index = INDICES[code]!;
      const stack = await readBandStack(catalog.reader, acquisitions[IDS.A]!, index.bands, PARCEL, { scl: true });
      expect(stack.grid.resX).toBe(10);
      const values = computeIndexValues(index, stack);
      let compared = 0;
      forEachPixel(stack, (i, col, row) => {
        const bands = Object.fromEntries(index.bands.map((b) => [b, reflectance('A', b, col, row, 0)]));
        const expected = EXPECTED[code]!(bands);
        expect(values[i]!, `${code} at ${col},${row}`).toBeCloseTo(expected, 5);
        compared++;
      });
      expect(compared).toBe(stack.grid.width * stack.grid.height);
    });
  }

  it('masks zero denominators and zero reflectance instead of producing NaN statistics', async () => {
    const stack = await readBandStack(catalog.reader, acquisitions[IDS.C]!, ['nir', 'red'], PARCEL, { scl: true });
    const ndvi = computeIndexValues(INDICES.NDVI!, stack);
    const savi = computeIndexValues(INDICES.SAVI!, stack);
    forEachPixel(stack, (i, col, row) => {
      const inBlock = col >= ZERO_BLOCK.c0 && col < ZERO_BLOCK.c1 && row >= ZERO_BLOCK.r0 && row < ZERO_BLOCK.r1;
      if (inBlock) {
        expect(stack.bands.red![i]).toBe(0);
        expect(Number.isNaN(ndvi[i]!)).toBe(true);
        // SAVI's denominator is 0.5 there, but a reflectance of 0 is not a measurement: masked for every index.
        expect(Number.isNaN(savi[i]!)).toBe(true);
      }
    });
  });
});

describe('masks, resampling and statistics', () => {
  it('resamples 20 m bands bilinearly without their cloud-masked pixels, and SCL by nearest neighbour', async () => {
    // Scene B: the left half is cloud (SCL 9). With the buffer off, only the mask-aware resampling is at work.
    const stack = await readBandStack(catalog.reader, acquisitions[IDS.B]!, ['rededge1', 'swir16', 'red'], PARCEL, {
      scl: true,
      cloudBufferM: 0,
    });
    const w20 = GRID.width / 2;
    const sclB = synthetic.scl.B;
    const cloud = (i: number, j: number) => [0, 1, 3, 8, 9, 10, 11].includes(sclB[j * w20 + i]!);
    let nearEdge = 0;
    forEachPixel(stack, (i, col, row) => {
      for (const band of ['rededge1', 'swir16']) {
        const dn = synthetic.dn.B[band]!;
        const expected = bilinear20at10Masked(dn, w20, GRID.height / 2, col, row, cloud) / 10000;
        if (Number.isNaN(expected)) expect(stack.bands[band]![i]!).toBeNaN();
        else expect(stack.bands[band]![i]!, `${band} ${col},${row}`).toBeCloseTo(expected, 6);
        if (col === 64 && Math.abs(expected - reflectance('B', band, col, row, 0)) > 1e-4) nearEdge++;
      }
      expect(stack.scl![i]).toBe(sclB[Math.floor(row / 2) * w20 + Math.floor(col / 2)]);
    });
    // The column next to the cloud differs from a plain bilinear one: the cloud's pixels were left out.
    expect(nearEdge).toBeGreaterThan(0);
  });

  it('rasterises the parcel in the source grid exactly as per-pixel proj4 + point-in-polygon does', async () => {
    const stack = await readBandStack(catalog.reader, acquisitions[IDS.A]!, ['red'], PARCEL, { scl: false });
    const expected = new Set(pixelsInParcel(GRID, PARCEL.coordinates[0]!).map(([c, r]) => `${c},${r}`));
    const got = new Set<string>();
    forEachPixel(stack, (i, col, row) => {
      if (stack.inParcel[i]) got.add(`${col},${row}`);
    });
    expect(got.size).toBeGreaterThan(4000);
    expect([...got].sort()).toEqual([...expected].sort());
  });

  it('masks SCL cloud classes, and class 2 only when asked', async () => {
    const stack = await readBandStack(catalog.reader, acquisitions[IDS.B]!, ['nir', 'red'], PARCEL, {
      scl: true,
      cloudBufferM: 0,
    });
    const values = computeIndexValues(INDICES.NDVI!, stack);
    forEachPixel(stack, (i, col) => expect(Number.isNaN(values[i]!)).toBe(col < 64));
    const dark = await readBandStack(catalog.reader, acquisitions[IDS.A]!, ['nir', 'red'], PARCEL, { scl: true });
    const inDark = (col: number, row: number) =>
      col >= DARK_BLOCK.c0 && col < DARK_BLOCK.c1 && row >= DARK_BLOCK.r0 && row < DARK_BLOCK.r1;
    const kept = computeIndexValues(INDICES.NDVI!, dark);
    const masked = computeIndexValues(INDICES.NDVI!, dark, [0, 1, 2, 3, 8, 9, 10, 11]);
    let darkPixels = 0;
    forEachPixel(dark, (i, col, row) => {
      expect(Number.isNaN(kept[i]!)).toBe(false);
      expect(Number.isNaN(masked[i]!)).toBe(inDark(col, row));
      if (inDark(col, row)) darkPixels++;
    });
    expect(darkPixels).toBe(100);
  });

  it('computes min, max, mean, std, median, p25, p75, count and validFraction on in-parcel source pixels', async () => {
    const parcelPixels = pixelsInParcel(GRID, PARCEL.coordinates[0]!);
    for (const [day, key, cloudyCol] of [
      ['2025-06-10', 'A', -1],
      ['2025-06-12', 'B', 64],
    ] as const) {
      const result = await computeIndexMap({
        catalog,
        geometry: PARCEL,
        index: 'MSAVI',
        start: day,
        end: day,
        minValidFraction: 0,
        cloudBufferM: 0,
      });
      const values = parcelPixels
        .filter(([col]) => col >= cloudyCol)
        .map(([col, row]) =>
          EXPECTED.MSAVI!({ nir: reflectance(key, 'nir', col, row, 0), red: reflectance(key, 'red', col, row, 0) }),
        );
      const expected = referenceStats(values);
      expect(result.stats.count).toBe(values.length);
      expect(result.stats.validFraction).toBeCloseTo(values.length / parcelPixels.length, 12);
      expect(result.stats.resolution).toBe(10);
      for (const k of ['min', 'max', 'mean', 'std', 'median', 'p25', 'p75'] as const) {
        expect(result.stats[k]!, `${key} ${k}`).toBeCloseTo(expected[k], 6);
      }
    }
  });
});
