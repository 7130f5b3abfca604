import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  computeSeries,
  computeTilePass,
  createCatalog,
  createCogReader,
  mulberry32,
  tileParcels,
  tilePassCacheBytes,
  type Acquisition,
  type Catalog,
  type CogInfo,
  type SeriesPoint,
  type SeriesSkip,
  type TilePassParcel,
} from '../src/index.ts';
import { clearScl, paintScl, standardDn } from './helpers/scenes.ts';
import { polygonFromUtm, writeScene, type SceneGrid } from './helpers/synthetic.ts';

/**
 * The tile pass (issue 29 §1) against the farmer's curve: two overlapping tiles of one acquisition (512² px at
 * 10 m in 64² blocks, aligned grids, a 120 m overlap), clouds in both, and parcels of every kind — in the middle
 * of a tile, on the seam (in neither tile whole: mosaicked), under clouds, thinner than a pixel, concave, outside
 * both. Every parcel × index point of the passes must equal computeSeries's for that day, each parcel computed by
 * exactly one pass, and each block of the pass's tile decoded once with a cache of a few block rows.
 */
const DAY = '2025-06-10';
const DATETIME = `${DAY}T10:40:00.000Z`;
const SIZE = 512;
const WEST: SceneGrid = { epsg: 32631, x0: 600_000, y0: 4_000_020, width: SIZE, height: SIZE };
/** Starts 120 m before WEST's eastern edge (605,120): a parcel across 605,000–605,120 is in neither tile whole. */
const EAST: SceneGrid = { ...WEST, x0: 605_000 };
const IDS = { west: 'S2A_31SFA_20250610_0_L2A', east: 'S2A_31SGA_20250610_0_L2A' };
const INDICES = ['NDVI', 'NDMI'];

/** A seeded generator: the same parcels on every run. */
const random = mulberry32;

/** A star-shaped polygon around (cx, cy): convex-ish when `dent` is 0, concave otherwise. */
function blob(rand: () => number, cx: number, cy: number, radius: number, dent: number): Array<[number, number]> {
  const n = 5 + Math.floor(rand() * 4);
  return Array.from({ length: n }, (_, k) => {
    const angle = (2 * Math.PI * k) / n + rand() * 0.3;
    const r = radius * (k % 2 === 1 ? 1 - dent : 0.8 + rand() * 0.2);
    return [cx + r * Math.cos(angle), cy + r * Math.sin(angle)] as [number, number];
  });
}

function makeParcels(): Array<TilePassParcel & { kind: string }> {
  const rand = random(29);
  const parcels: Array<TilePassParcel & { kind: string }> = [];
  const add = (kind: string, vertices: Array<[number, number]>) =>
    parcels.push({ id: parcels.length + 1, kind, geometry: polygonFromUtm(WEST, vertices) });
  for (let i = 0; i < 40; i++) {
    const cx = WEST.x0 + 300 + rand() * 4500;
    const cy = WEST.y0 - 300 - rand() * 4500;
    add(i % 3 === 0 ? 'concave' : 'middle', blob(rand, cx, cy, 40 + rand() * 200, i % 3 === 0 ? 0.5 : 0));
  }
  // On the seam: across x = 605,000–605,120, in neither tile whole.
  for (let i = 0; i < 10; i++) add('seam', blob(rand, 605_060, WEST.y0 - 400 - i * 420, 90 + rand() * 60, 0));
  // Inside the eastern tile only.
  for (let i = 0; i < 10; i++) add('east', blob(rand, 606_000 + rand() * 3000, WEST.y0 - 300 - rand() * 4500, 80, 0));
  // Thinner than a pixel (no pixel centre inside: its point-on-surface pixel).
  const tx = WEST.x0 + 2503;
  const ty = WEST.y0 - 2503;
  add('tiny', [
    [tx, ty],
    [tx + 4, ty],
    [tx + 4, ty - 4],
    [tx, ty - 4],
  ]);
  // Outside both tiles: no pass owns it.
  add('outside', blob(rand, 611_000, WEST.y0 - 2000, 100, 0));
  return parcels;
}

let dir: string;
let catalog: Catalog;
let group: Acquisition[];
const parcels = makeParcels();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'imagery-tile-pass-'));
  const westScl = clearScl(WEST);
  // Clouds (SCL 9) and a cloud shadow (3) in the west tile, one cloud over part of the seam; cirrus (10) in the east.
  paintScl(westScl, WEST, 9, 100, 100, 200, 220);
  paintScl(westScl, WEST, 3, 300, 40, 360, 90);
  paintScl(westScl, WEST, 9, 490, 200, 512, 260);
  const eastScl = clearScl(EAST);
  paintScl(eastScl, EAST, 10, 150, 300, 260, 380);
  await writeScene(dir, {
    id: IDS.west,
    datetime: DATETIME,
    grid: WEST,
    dn: standardDn(WEST),
    scl: westScl,
    offsetApplied: true,
    baseline: '05.11',
    cloudCover: 12,
  });
  const east = standardDn(EAST);
  await writeScene(dir, {
    id: IDS.east,
    datetime: DATETIME,
    grid: EAST,
    dn: Object.fromEntries(Object.entries(east).map(([k, v]) => [k, v.map((x) => x + 37)])),
    scl: eastScl,
    offsetApplied: true,
    baseline: '05.11',
    cloudCover: 3,
  });
  catalog = createCatalog({ catalogPath: dir });
  group = await catalog.search({ bbox: [-180, -90, 180, 90], start: DAY, end: DAY });
  expect(group.map((a) => a.id).sort()).toEqual([IDS.west, IDS.east]);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const bytesPerSample = (info: CogInfo) => (info.href.endsWith('SCL.tif') ? 1 : 2);

async function bandInfos(tileId: string): Promise<CogInfo[]> {
  const tile = group.find((t) => t.id === tileId)!;
  const reader = createCogReader();
  return Promise.all(['scl', 'red', 'nir', 'swir16'].map((k) => reader.open(tile.assets[k]!.href)));
}

/** One result per parcel × index from the curve's own path (computeSeries over that day). */
async function curveResults(parcel: TilePassParcel) {
  const out = new Map<string, SeriesPoint | SeriesSkip>();
  for (const index of INDICES) {
    const series = await computeSeries({ catalog, geometry: parcel.geometry, index, from: DAY, to: DAY });
    for (const entry of [...series.points, ...series.skipped]) out.set(index, entry);
  }
  return out;
}

describe('the tile pass', () => {
  it('gives every parcel the points of the curve, each parcel computed by one pass', async () => {
    const computed = new Map<number, Map<string, SeriesPoint | SeriesSkip>>();
    for (const tile of group) {
      const owned = tileParcels(group, tile.id, parcels);
      const reader = createCogReader({
        cacheBytes: tilePassCacheBytes(await bandInfos(tile.id), bytesPerSample, 4),
      });
      const pass = await computeTilePass({ reader, group, tileId: tile.id, parcels: owned, indices: INDICES });
      expect(pass.parcels).toBe(owned.length);
      for (const { parcelId, index, result } of pass.entries) {
        const mine = computed.get(parcelId) ?? new Map<string, SeriesPoint | SeriesSkip>();
        expect(mine.has(index), `parcel ${parcelId} ${index} computed twice`).toBe(false);
        mine.set(index, result);
        computed.set(parcelId, mine);
      }
    }

    const kinds = new Map<string, { points: number; cloudy: number; mosaics: number }>();
    for (const parcel of parcels) {
      const expected = await curveResults(parcel);
      if (parcel.kind === 'outside') {
        expect(expected.size).toBe(0);
        expect(computed.has(parcel.id)).toBe(false);
        continue;
      }
      const got = computed.get(parcel.id);
      expect(got, `parcel ${parcel.id} (${parcel.kind}) computed by no pass`).toBeDefined();
      for (const index of INDICES)
        expect(got!.get(index), `${parcel.kind} ${parcel.id} ${index}`).toEqual(expected.get(index));
      const tally = kinds.get(parcel.kind) ?? { points: 0, cloudy: 0, mosaics: 0 };
      const ndvi = got!.get('NDVI')!;
      if ('stats' in ndvi) {
        tally.points += 1;
        if (ndvi.tiles.length > 1) tally.mosaics += 1;
      } else if (ndvi.reason === 'CLOUDY') tally.cloudy += 1;
      kinds.set(parcel.kind, tally);
    }
    // The parcels cover what they are meant to: mosaics on the seam, clouded parcels, points everywhere.
    expect(kinds.get('seam')!.mosaics).toBeGreaterThanOrEqual(5);
    expect(kinds.get('middle')!.points + kinds.get('concave')!.points).toBeGreaterThanOrEqual(25);
    expect([...kinds.values()].reduce((n, k) => n + k.cloudy, 0)).toBeGreaterThanOrEqual(2);
    expect(kinds.get('tiny')!.points).toBe(1);
    expect(kinds.get('east')!.points).toBeGreaterThanOrEqual(5);
  });

  it("reads and buffers its tile's SCL once for all its parcels (seams included), where each parcel read its own twice", async () => {
    const owned = tileParcels(group, IDS.west, parcels);
    const sclHref = group.find((t) => t.id === IDS.west)!.assets.scl!.href;
    const sclWindows = async (pass: (reader: ReturnType<typeof createCogReader>) => Promise<unknown>) => {
      const reader = createCogReader();
      let reads = 0;
      const readWindow = reader.readWindow.bind(reader);
      reader.readWindow = (href: string, request: Parameters<typeof readWindow>[1]) => {
        if (href === sclHref) reads += 1;
        return readWindow(href, request);
      };
      await pass(reader);
      return reads;
    };
    expect(
      await sclWindows((reader) =>
        computeTilePass({ reader, group, tileId: IDS.west, parcels: owned, indices: INDICES }),
      ),
    ).toBe(1);
    // The per-parcel path: its SCL assessed, then read again with the bands (more than once a parcel on a seam).
    const one = owned.find((p) => p.kind === 'middle')!;
    expect(
      await sclWindows((reader) =>
        computeSeries({ catalog, reader, geometry: one.geometry, index: 'NDVI', from: DAY, to: DAY }),
      ),
    ).toBe(2);
  });

  it('decodes each block of its tile once, with a cache of four block rows, where parcel-by-parcel jobs decode many', async () => {
    const owned = tileParcels(group, IDS.west, parcels).filter((p) => p.geometry !== undefined);
    const infos = await bandInfos(IDS.west);
    const budget = tilePassCacheBytes(infos, bytesPerSample, 4);
    const whole = tilePassCacheBytes(infos, bytesPerSample, SIZE / 64);
    expect(budget).toBeLessThan(whole);

    const run = async (cacheBytes: number) => {
      const reader = createCogReader({ cacheBytes });
      await computeTilePass({ reader, group, tileId: IDS.west, parcels: owned, indices: INDICES });
      return reader.stats.tilesDecoded;
    };
    const unbounded = await run(1 << 30);
    expect(await run(budget)).toBe(unbounded);
    // A cache of one block row is not enough: blocks come back (the test can tell).
    expect(await run(tilePassCacheBytes(infos, bytesPerSample, 1) / 2)).toBeGreaterThan(unbounded);

    // Today's path: one job per parcel × index, each with its reader, decodes far more.
    let perParcel = 0;
    for (const parcel of owned) {
      for (const index of INDICES) {
        const reader = createCogReader();
        await computeSeries({ catalog, reader, geometry: parcel.geometry, index, from: DAY, to: DAY });
        perParcel += reader.stats.tilesDecoded;
      }
    }
    expect(perParcel).toBeGreaterThan(3 * unbounded);
  });
});
