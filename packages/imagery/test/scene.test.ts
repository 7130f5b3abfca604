import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AllCloudyError,
  CatalogUnavailableError,
  CogUnavailableError,
  InvalidGeometryError,
  NoSceneError,
  UnknownIndexError,
  computeIndexMap,
  computeSceneIndexMap,
  selectScene,
  createCatalog,
  dedupeAcquisitions,
  type Catalog,
} from '../src/index.ts';
import { pixelsInParcel, referenceStats } from './helpers/reference.ts';
import { PARCEL } from './helpers/scenes.ts';
import { deadUrl, startLoopback } from './helpers/loopback.ts';
import { serveCatalog } from './helpers/stac-stub.ts';
import { GRID } from './helpers/synthetic.ts';
import { buildSyntheticCatalog, IDS, ZERO_BLOCK, type SyntheticCatalog } from './helpers/synthetic-catalog.ts';

let synthetic: SyntheticCatalog;
let catalog: Catalog;
const parcelPixels = pixelsInParcel(GRID, PARCEL.coordinates[0]!);

beforeAll(async () => {
  synthetic = await buildSyntheticCatalog();
  catalog = createCatalog({ catalogPath: synthetic.dir });
});
afterAll(() => rm(synthetic.dir, { recursive: true, force: true }));

/** The NDVI map of PARCEL from the synthetic catalog over `start`…`end` (one day when `end` is left out). */
function ndviMap(start: string, end = start, options: Partial<Parameters<typeof computeIndexMap>[0]> = {}) {
  return computeIndexMap({ catalog, geometry: PARCEL, index: 'NDVI', start, end, ...options });
}

/** What a request rejected with (its result when it did not fail, which the caller's assertion then refuses). */
const failureOf = (request: Promise<unknown>): Promise<unknown> => request.catch((e: unknown) => e);

/** NDVI by hand from the scene's digital numbers and its offset, on every clear in-parcel pixel. */
function referenceNdvi(key: keyof typeof IDS, offset: number, clear: (col: number, row: number) => boolean): number[] {
  const { red, nir } = synthetic.dn[key];
  const values: number[] = [];
  for (const [col, row] of parcelPixels) {
    if (!clear(col, row)) continue;
    const r = (red![row * GRID.width + col]! - offset) / 10000;
    const n = (nir![row * GRID.width + col]! - offset) / 10000;
    if (n + r === 0) continue;
    values.push((n - r) / (n + r));
  }
  return values;
}

describe('scene choice', () => {
  it('picks the acquisition with the most valid pixels inside the parcel, not the lowest tile cloud cover', async () => {
    const result = await ndviMap('2025-06-11', '2025-06-16');
    expect(result.scene.id).toBe(IDS.C);
    expect(result.scene.tileCloudCover).toBe(70);
    expect(result.scene.cloudFraction).toBe(0);
    const ids = result.candidates.map((c) => c.id);
    expect(ids).toEqual([IDS.B, IDS.C]); // D (same acquisition, other tile) was de-duplicated away
    const b = result.candidates.find((c) => c.id === IDS.B)!;
    expect(b.validFraction).toBeGreaterThan(0.2);
    expect(b.validFraction).toBeLessThan(0.8);
    // The statistics are scene C's, offset (DN − 1000) applied, zero-denominator block masked.
    const inZeroBlock = (c: number, r: number) =>
      c >= ZERO_BLOCK.c0 && c < ZERO_BLOCK.c1 && r >= ZERO_BLOCK.r0 && r < ZERO_BLOCK.r1;
    const expected = referenceNdvi('C', 1000, (c, r) => !inZeroBlock(c, r));
    expect(parcelPixels.some(([c, r]) => inZeroBlock(c, r))).toBe(true);
    expect(result.stats.count).toBe(expected.length);
    expect(result.stats.count).toBe(parcelPixels.length - 16);
    expect(result.stats.mean!).toBeCloseTo(referenceStats(expected).mean, 6);
  });

  it('de-duplicates overlapping tiles of one acquisition, preferring the footprint that contains the parcel', async () => {
    const items = await catalog.search({ geometry: PARCEL, start: '2025-06-15', end: '2025-06-15' });
    expect(items.map((i) => i.id).sort()).toEqual([IDS.C, IDS.D].sort());
    expect(dedupeAcquisitions(items, PARCEL).map((i) => i.id)).toEqual([IDS.C]);
    expect(dedupeAcquisitions([...items].reverse(), PARCEL).map((i) => i.id)).toEqual([IDS.C]);
  });

  it('reads SCL only for the candidates and the index bands only for the chosen scene', async () => {
    const server = await startLoopback();
    try {
      await serveCatalog(server, synthetic.dir);
      const remote = createCatalog({ stacApiUrl: server.url, timeoutMs: 2000 });
      const result = await ndviMap('2025-06-11', '2025-06-16', { catalog: remote });
      expect(result.scene.id).toBe(IDS.C);
      const fetched = [...server.stats.byPath.keys()].filter((p) => p.startsWith('/files/')).sort();
      expect(fetched).toEqual(
        [
          `/files/${IDS.B}/SCL.tif`,
          `/files/${IDS.C}/B04.tif`,
          `/files/${IDS.C}/B08.tif`,
          `/files/${IDS.C}/SCL.tif`,
        ].sort(),
      );
      // Only the parcel's tiles: far fewer bytes than the files hold.
      expect(server.stats.rangeRequests).toBeGreaterThan(0);
      expect(result.stats.count).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  it('raises NoSceneError with the nearest dates that have data', async () => {
    const error = await failureOf(ndviMap('2025-07-01', '2025-07-10'));
    expect(error).toBeInstanceOf(NoSceneError);
    expect((error as NoSceneError).code).toBe('NO_SCENE');
    expect((error as NoSceneError).nearestBefore).toBe('2025-06-15');
    expect((error as NoSceneError).nearestAfter).toBe('2025-07-20');
  });

  it('raises NoSceneError when the only items do not reach the parcel', async () => {
    const far = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [10, 10],
          [10.01, 10],
          [10.01, 10.01],
          [10, 10.01],
          [10, 10],
        ],
      ],
    };
    const error = await failureOf(ndviMap('2025-06-01', '2025-06-30', { geometry: far }));
    expect(error).toBeInstanceOf(NoSceneError);
    expect((error as NoSceneError).nearestBefore).toBeNull();
  });

  it('raises AllCloudyError with the best valid fraction when every acquisition is clouded', async () => {
    const error = await failureOf(ndviMap('2025-07-30', '2025-08-02'));
    expect(error).toBeInstanceOf(AllCloudyError);
    expect((error as AllCloudyError).bestValidFraction).toBe(0);
    expect((error as AllCloudyError).bestSceneId).toBe(IDS.F);
    // The nearest clear days around the clouded window: each one, asked alone, yields a map.
    const { nearestBefore, nearestAfter } = error as AllCloudyError;
    expect([nearestBefore, nearestAfter].some((d) => d !== null)).toBe(true);
    for (const day of [nearestBefore, nearestAfter]) {
      if (day === null) continue;
      expect(day < '2025-07-30' || day > '2025-08-02').toBe(true);
      const map = await ndviMap(day);
      expect(map.stats.count).toBeGreaterThan(0);
    }
    const partial = await failureOf(ndviMap('2025-06-12', '2025-06-12', { minValidFraction: 0.9 }));
    expect(partial).toBeInstanceOf(AllCloudyError);
    expect((partial as AllCloudyError).bestValidFraction).toBeGreaterThan(0.2);
    expect((partial as AllCloudyError).bestValidFraction).toBeLessThan(0.8);
  });
});

describe('two-step use and failures through the whole path', () => {
  it('selectScene reads only SCL; computeSceneIndexMap then gives what computeIndexMap gives', async () => {
    const fresh = createCatalog({ catalogPath: synthetic.dir });
    const selection = await selectScene({
      catalog: fresh,
      geometry: PARCEL,
      index: 'NDVI',
      start: '2025-06-11',
      end: '2025-06-16',
    });
    expect(selection.scene.id).toBe(IDS.C);
    expect(selection.validFraction).toBe(1);
    const sclOnly = fresh.reader.stats.tilesDecoded;
    const result = await computeSceneIndexMap(selection, { catalog: fresh, geometry: PARCEL, index: 'NDVI' });
    expect(fresh.reader.stats.tilesDecoded).toBeGreaterThan(sclOnly);
    const direct = await ndviMap('2025-06-11', '2025-06-16');
    expect(result.stats).toEqual(direct.stats);
    expect(result.scene).toEqual(direct.scene);
    expect(result.png.equals(direct.png)).toBe(true);
  });

  it('a COG server that is slow or answers garbage gives CogUnavailableError within the timeout', async () => {
    const server = await startLoopback();
    try {
      await serveCatalog(server, synthetic.dir);
      const remote = createCatalog({ stacApiUrl: server.url, timeoutMs: 300, retries: 1 });
      const items = await remote.search({ geometry: PARCEL, start: '2025-06-10', end: '2025-06-10' });
      expect(items).toHaveLength(1);
      // Catalog answers, COGs do not: the static copy of the API's items points at the same server.
      const cogsOnly = { ...remote, search: async () => items };
      server.behaviour.delayMs = 3000;
      const started = performance.now();
      const slow = await failureOf(ndviMap('2025-06-10', '2025-06-10', { catalog: cogsOnly }));
      expect(slow).toBeInstanceOf(CogUnavailableError);
      expect(performance.now() - started).toBeLessThan(2000);
      server.behaviour.delayMs = 0;
      server.behaviour.garbage = true;
      const garbage = await failureOf(ndviMap('2025-06-10', '2025-06-10', { catalog: cogsOnly }));
      expect(garbage).toBeInstanceOf(CogUnavailableError);
      const unreachable = createCatalog({ stacApiUrl: await deadUrl(), timeoutMs: 300, retries: 0 });
      const down = await failureOf(ndviMap('2025-06-10', '2025-06-10', { catalog: unreachable }));
      expect(down).toBeInstanceOf(CatalogUnavailableError);
    } finally {
      await server.close();
    }
  });

  it('rejects unknown indices and malformed geometry with typed errors', async () => {
    await expect(
      computeIndexMap({ catalog, geometry: PARCEL, index: 'XYZ', start: '2025-06-10', end: '2025-06-10' }),
    ).rejects.toBeInstanceOf(UnknownIndexError);
    const bad = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 1],
        ],
      ],
    } as unknown as typeof PARCEL;
    await expect(
      computeIndexMap({ catalog, geometry: bad, index: 'NDVI', start: '2025-06-10', end: '2025-06-10' }),
    ).rejects.toBeInstanceOf(InvalidGeometryError);
  });
});

describe('reflectance offset rule end to end', () => {
  it('gives the same NDVI for flag true, flag false + baseline 05.11 (DN + 1000) and baseline 02.14', async () => {
    const [g1, g2, g3] = await Promise.all([ndviMap('2025-09-01'), ndviMap('2025-09-03'), ndviMap('2025-09-05')]);
    expect([g1.scene.id, g2.scene.id, g3.scene.id]).toEqual([IDS.G1, IDS.G2, IDS.G3]);
    expect([g1.scene.dnOffset, g2.scene.dnOffset, g3.scene.dnOffset]).toEqual([0, 1000, 0]);
    const expected = referenceStats(referenceNdvi('G1', 0, () => true));
    for (const r of [g1, g2, g3]) {
      expect(r.stats.count).toBe(parcelPixels.length);
      expect(r.stats.mean!).toBeCloseTo(expected.mean, 6);
      expect(r.stats.median!).toBeCloseTo(expected.median, 6);
    }
    // Applying the offset to the already-corrected G1 would have shifted every value: guard the rule.
    const doubled = referenceStats(referenceNdvi('G1', 1000, () => true));
    expect(Math.abs(doubled.mean - g1.stats.mean!)).toBeGreaterThan(0.05);
  });
});
