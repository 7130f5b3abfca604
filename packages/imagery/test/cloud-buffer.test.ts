import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUFFER_CLASS,
  DEFAULT_CLOUD_BUFFER_M,
  INDICES,
  bufferScl,
  computeIndexMap,
  computeIndexValues,
  createCatalog,
  readBandStack,
  sclLookup,
  type Acquisition,
  type Catalog,
} from '../src/index.ts';
import { bufferedPixels, pixelsInParcel } from './helpers/reference.ts';
import { PARCEL } from './helpers/scenes.ts';
import { GRID } from './helpers/synthetic.ts';
import { acquisitionsById, buildSyntheticCatalog, IDS, type SyntheticCatalog } from './helpers/synthetic-catalog.ts';

const MASKED = new Set([0, 1, 3, 8, 9, 10, 11]);

describe('cloud and shadow buffer on the SCL grid', () => {
  const W = 9;
  const one = (cls: number) => {
    const scl = new Uint8Array(W * W).fill(4);
    scl[4 * W + 4] = cls;
    return scl;
  };
  const buffered = (scl: Uint8Array) =>
    [...scl.keys()].filter((k) => scl[k] === BUFFER_CLASS).map((k) => [k % W, Math.floor(k / W)]);

  it('the default 20 m on 20 m pixels hides the 8 neighbours of a cloud, shadow or cirrus pixel', () => {
    expect(DEFAULT_CLOUD_BUFFER_M).toBe(20);
    for (const cls of [3, 8, 9, 10]) {
      const out = bufferScl(one(cls), W, W, 20, 20, sclLookup());
      expect(buffered(out).sort()).toEqual(
        [
          [3, 3],
          [4, 3],
          [5, 3],
          [3, 4],
          [5, 4],
          [3, 5],
          [4, 5],
          [5, 5],
        ].sort(),
      );
      expect(out[4 * W + 4]).toBe(cls);
    }
  });

  it('follows the distance rule for other distances, equal to the reference on random scenes', () => {
    for (const bufferM of [0, 10, 20, 35, 40, 60]) {
      for (let seed = 1; seed <= 5; seed++) {
        let s = seed * 7919;
        const rand = () => ((s = (s * 48271) % 2147483647) / 2147483647) * 12;
        const scl = Uint8Array.from({ length: W * W }, () => Math.floor(rand()));
        const out = bufferScl(scl, W, W, 20, bufferM, sclLookup());
        const expected = bufferedPixels(scl, W, W, 20, bufferM, MASKED);
        const got = new Set([...out.keys()].filter((k) => out[k] === BUFFER_CLASS));
        expect([...got].sort(), `${bufferM} m, seed ${seed}`).toEqual([...expected].sort());
      }
    }
  });

  it('leaves classes it does not buffer alone: dark area (2), snow (11), and clouds that are not masked', () => {
    expect(buffered(bufferScl(one(2), W, W, 20, 20, sclLookup()))).toEqual([]);
    expect(buffered(bufferScl(one(11), W, W, 20, 20, sclLookup()))).toEqual([]);
    // A deployment that keeps cloud shadow (3) unmasked does not buffer it either.
    expect(buffered(bufferScl(one(3), W, W, 20, 20, sclLookup([0, 1, 8, 9, 10, 11])))).toEqual([]);
    // Already-masked neighbours keep their own class.
    const scl = one(9);
    scl[4 * W + 5] = 8;
    expect(bufferScl(scl, W, W, 20, 20, sclLookup())[4 * W + 5]).toBe(8);
  });
});

describe('the buffer in the computation (synthetic scene B: left half SCL 9)', () => {
  let synthetic: SyntheticCatalog;
  let catalog: Catalog;
  let acquisitions: Record<string, Acquisition>;
  beforeAll(async () => {
    synthetic = await buildSyntheticCatalog();
    catalog = createCatalog({ catalogPath: synthetic.dir });
    acquisitions = await acquisitionsById(catalog);
  });
  afterAll(() => rm(synthetic.dir, { recursive: true, force: true }));
  /** The NDVI map of PARCEL on `day`, whatever its valid fraction. */
  const ndviOf = (day: string, options: { cloudBufferM?: number } = {}) =>
    computeIndexMap({
      catalog,
      geometry: PARCEL,
      index: 'NDVI',
      start: day,
      end: day,
      minValidFraction: 0,
      ...options,
    });

  it('masks the 20 m column next to the cloud by default, and the valid fraction counts it as invalid', async () => {
    const stack = await readBandStack(catalog.reader, acquisitions[IDS.B]!, ['nir', 'red'], PARCEL, { scl: true });
    const values = computeIndexValues(INDICES.NDVI!, stack);
    for (let r = 0; r < stack.grid.height; r++) {
      for (let c = 0; c < stack.grid.width; c++) {
        const col = stack.grid.col0 + c;
        // The cloud covers 10 m columns 0–63 (20 m columns 0–31); its buffer the 20 m column 32 = 64–65.
        expect(Number.isNaN(values[r * stack.grid.width + c]!), `col ${col}`).toBe(col < 66);
      }
    }
    const day = '2025-06-12';
    const buffered = await ndviOf(day);
    const unbuffered = await ndviOf(day, { cloudBufferM: 0 });
    const inside = pixelsInParcel(GRID, PARCEL.coordinates[0]!);
    expect(unbuffered.stats.count).toBe(inside.filter(([c]) => c >= 64).length);
    expect(buffered.stats.count).toBe(inside.filter(([c]) => c >= 66).length);
    expect(buffered.stats.validFraction).toBeCloseTo(buffered.stats.count / inside.length, 12);
    expect(buffered.stats.validFraction).toBeLessThan(unbuffered.stats.validFraction);
  });

  it('the scene choice sees the same buffered valid fraction as the statistics', async () => {
    const day = '2025-06-12';
    const result = await ndviOf(day);
    // SCL is assessed on its own 20 m grid: the candidate's fraction is close to, not exactly, the 10 m one.
    expect(result.candidates[0]!.validFraction).toBeGreaterThan(result.stats.validFraction - 0.03);
    expect(result.candidates[0]!.validFraction).toBeLessThan(result.stats.validFraction + 0.03);
  });
});
