import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import proj4 from 'proj4';
import { fromFile } from 'geotiff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeIndexMap, createCatalog } from '../src/index.ts';
import { HAS_S2_FIXTURES, S2_FIXTURES, noteIfMissing } from './helpers/fixtures.ts';
import { pixelsInParcel, referenceStats } from './helpers/reference.ts';
import { lonLatOf, writeScene, type SceneGrid } from './helpers/synthetic.ts';

noteIfMissing('tile seams: mosaics built from the 29RKH COGs');

/**
 * Parcels on tile seams. The "ground" is a clear 200 × 128 px crop of the real 29RKH tile (B04, B08 at 10 m
 * positions, B11 and SCL at 20 m), re-georeferenced near the 0° meridian. Two tiles of one acquisition
 * (same platform, same day) each hold part of it: in one UTM zone (31N, aligned grids), and across the
 * zone boundary (30N / 31N, the western tile a nearest-neighbour warp of the ground into zone 30).
 */
const WIDTH = 200;
const HEIGHT = 128;
const FIXTURE = path.join(S2_FIXTURES, 'cogs-29RKH-2020-02-19');

interface Ground {
  red: Uint16Array;
  nir: Uint16Array;
  swir16: Uint16Array;
  scl: Uint8Array;
}

async function crop(file: string, fullWidth: number, c0: number, r0: number, w: number, h: number) {
  const image = await (await fromFile(path.join(FIXTURE, file))).getImage();
  const [data] = (await image.readRasters({ window: [c0, r0, c0 + w, r0 + h] })) as unknown as [ArrayLike<number>];
  expect(image.getWidth()).toBe(fullWidth);
  return data!;
}

/** SCL rows 0–63, cols 100–199 of the tile are all unmasked (checked below), so the ground is clear. */
async function readGround(): Promise<Ground> {
  const [red, nir, swir16, scl] = await Promise.all([
    crop('B04.tif', 1098, 200, 0, WIDTH, HEIGHT),
    crop('B08.tif', 1098, 200, 0, WIDTH, HEIGHT),
    crop('B11.tif', 549, 100, 0, WIDTH / 2, HEIGHT / 2),
    crop('SCL.tif', 549, 100, 0, WIDTH / 2, HEIGHT / 2),
  ]);
  return {
    red: Uint16Array.from(red),
    nir: Uint16Array.from(nir),
    swir16: Uint16Array.from(swir16),
    scl: Uint8Array.from(scl),
  };
}

/** Columns [c0, c0 + w) of a row-major band of `width` columns. */
function columns<T extends Uint16Array | Uint8Array>(band: T, width: number, c0: number, w: number): T {
  const height = band.length / width;
  const out = new (band.constructor as new (n: number) => T)(w * height);
  for (let r = 0; r < height; r++) for (let c = 0; c < w; c++) out[r * w + c] = band[r * width + c0 + c]!;
  return out;
}

/** A tile of `grid` whose pixels take the ground pixel containing their centre (reprojected), 0 outside. */
function warp<T extends Uint16Array | Uint8Array>(
  band: T,
  ground: SceneGrid,
  grid: SceneGrid,
  res: number,
  make: (n: number) => T,
): T {
  const toGround = proj4(`EPSG:${grid.epsg}`, `EPSG:${ground.epsg}`);
  const w = grid.width / (res / 10);
  const h = grid.height / (res / 10);
  const gw = ground.width / (res / 10);
  const gh = ground.height / (res / 10);
  const out = make(w * h);
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const [x, y] = toGround.forward([grid.x0 + (c + 0.5) * res, grid.y0 - (r + 0.5) * res]) as [number, number];
      const gc = Math.floor((x - ground.x0) / res);
      const gr = Math.floor((ground.y0 - y) / res);
      if (gc >= 0 && gr >= 0 && gc < gw && gr < gh) out[r * w + c] = band[gr * gw + gc]!;
    }
  }
  return out;
}

const DAY = '2025-06-10';
const DATETIME = `${DAY}T10:40:00.000Z`;

function polygon(epsg: number, vertices: Array<[number, number]>) {
  const ring = vertices.map(([x, y]) => proj4(`EPSG:${epsg}`, 'EPSG:4326', [x, y]) as [number, number]);
  return { type: 'Polygon' as const, coordinates: [[...ring, ring[0]!]] };
}

const ndvi = (nir: number, red: number) => (nir / 10000 - red / 10000) / (nir / 10000 + red / 10000);

describe.skipIf(!HAS_S2_FIXTURES)('parcels on tile seams are mosaicked from the tiles of one acquisition', () => {
  let ground: Ground;
  const dirs: string[] = [];
  beforeAll(async () => {
    ground = await readGround();
    expect(ground.scl.every((c) => [2, 4, 5, 6, 7].includes(c))).toBe(true);
  });
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('one zone: a parcel 84 % in the western tile and 58 % in the eastern one counts every ground pixel once', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'imagery-seam-'));
    dirs.push(dir);
    const G: SceneGrid = { epsg: 32631, x0: 600_000, y0: 4_000_020, width: WIDTH, height: HEIGHT };
    const west: SceneGrid = { ...G, width: 128 };
    const east: SceneGrid = { ...G, x0: G.x0 + 720, width: 128 };
    const tile = (grid: SceneGrid, c0: number) => ({
      red: columns(ground.red, WIDTH, c0, grid.width),
      nir: columns(ground.nir, WIDTH, c0, grid.width),
      swir16: columns(ground.swir16, WIDTH / 2, c0 / 2, grid.width / 2),
    });
    await writeScene(dir, {
      id: 'S2A_31SFA_20250610_0_L2A',
      datetime: DATETIME,
      grid: west,
      dn: tile(west, 0),
      scl: columns(ground.scl, WIDTH / 2, 0, 64),
      offsetApplied: true,
      baseline: '05.11',
    });
    await writeScene(dir, {
      id: 'S2A_31SGA_20250610_0_L2A',
      datetime: DATETIME,
      grid: east,
      dn: tile(east, 72),
      scl: columns(ground.scl, WIDTH / 2, 36, 64),
      offsetApplied: true,
      baseline: '05.11',
    });
    // Columns 15–150 of the ground: the western tile holds 15–127, the eastern one 72–150.
    const vertices: Array<[number, number]> = [
      [G.x0 + 150, G.y0 - 100],
      [G.x0 + 1500, G.y0 - 140],
      [G.x0 + 1460, G.y0 - 1180],
      [G.x0 + 190, G.y0 - 1100],
    ];
    const geometry = polygon(G.epsg, vertices);
    const catalog = createCatalog({ catalogPath: dir });
    const result = await computeIndexMap({ catalog, geometry, index: 'NDVI', start: DAY, end: DAY });
    const ndmi = await computeIndexMap({ catalog, geometry, index: 'NDMI', start: DAY, end: DAY });

    const inside = pixelsInParcel(G, geometry.coordinates[0]!);
    const values = inside.map(([c, r]) => ndvi(ground.nir[r * WIDTH + c]!, ground.red[r * WIDTH + c]!));
    const expected = referenceStats(values);
    expect(result.scene.tiles).toEqual(['S2A_31SFA_20250610_0_L2A', 'S2A_31SGA_20250610_0_L2A']);
    expect(result.stats.validFraction).toBe(1);
    expect(ndmi.stats.validFraction).toBe(1);
    expect(result.stats.count).toBe(inside.length);
    expect(ndmi.stats.count).toBe(inside.length);
    for (const k of ['mean', 'std', 'min', 'max', 'median', 'p25', 'p75'] as const)
      expect(result.stats[k]!, k).toBeCloseTo(expected[k], 6);
    // Each tile alone would have missed part of the parcel (the old tile choice gave 0.58 or 0.84).
    expect(inside.filter(([c]) => c < 128).length / inside.length).toBeLessThan(0.9);
  });

  it('across the UTM zone boundary (30N / 31N): one result on the primary zone, the rest reprojected', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'imagery-zone-'));
    dirs.push(dir);
    // The ground in zone 31N straddles the 0° meridian at 35.5° N.
    const [mx, my] = proj4('EPSG:4326', 'EPSG:32631', [0, 35.5]) as [number, number];
    const G: SceneGrid = {
      epsg: 32631,
      x0: Math.round((mx - 700) / 10) * 10,
      y0: Math.round((my + 640) / 10) * 10,
      width: WIDTH,
      height: HEIGHT,
    };
    const east: SceneGrid = { ...G, x0: G.x0 + 720, width: 128 };
    // The western tile in zone 30N: a 20 m-aligned grid around the ground's western part, with margin for
    // the ≈ 2° grid rotation between the zones.
    const [wx, wy] = proj4('EPSG:32631', 'EPSG:32630', [G.x0 - 200, G.y0 + 200]) as [number, number];
    const west: SceneGrid = {
      epsg: 32630,
      x0: Math.floor(wx / 20) * 20,
      y0: Math.ceil(wy / 20) * 20,
      width: 140,
      height: 168,
    };
    const make16 = (n: number) => new Uint16Array(n);
    await writeScene(dir, {
      id: 'S2B_30SYF_20250610_0_L2A',
      datetime: DATETIME,
      platform: 'sentinel-2b',
      grid: west,
      dn: {
        red: warp(ground.red, G, west, 10, make16),
        nir: warp(ground.nir, G, west, 10, make16),
        swir16: warp(ground.swir16, G, west, 20, make16),
      },
      scl: warp(ground.scl, G, west, 20, (n) => new Uint8Array(n)),
      offsetApplied: true,
      baseline: '05.11',
    });
    await writeScene(dir, {
      id: 'S2B_31SBA_20250610_0_L2A',
      datetime: DATETIME,
      platform: 'sentinel-2b',
      grid: east,
      dn: {
        red: columns(ground.red, WIDTH, 72, 128),
        nir: columns(ground.nir, WIDTH, 72, 128),
        swir16: columns(ground.swir16, WIDTH / 2, 36, 64),
      },
      scl: columns(ground.scl, WIDTH / 2, 36, 64),
      offsetApplied: true,
      baseline: '05.11',
    });
    const vertices: Array<[number, number]> = [
      [G.x0 + 300, G.y0 - 120],
      [G.x0 + 1800, G.y0 - 100],
      [G.x0 + 1760, G.y0 - 1150],
      [G.x0 + 340, G.y0 - 1180],
    ];
    const geometry = polygon(G.epsg, vertices);
    const [westLon] = lonLatOf(G, G.x0 + 300, G.y0 - 600);
    const [eastLon] = lonLatOf(G, G.x0 + 1800, G.y0 - 600);
    expect(westLon).toBeLessThan(0);
    expect(eastLon).toBeGreaterThan(0);

    const catalog = createCatalog({ catalogPath: dir });
    const result = await computeIndexMap({ catalog, geometry, index: 'NDVI', start: DAY, end: DAY });

    // Reference, per pixel of the primary (eastern, zone 31) grid, with proj4 directly: inside the eastern
    // raster its own pixel; elsewhere the zone-30 pixel containing the centre, whose DNs the warp gave it.
    const to30 = proj4('EPSG:32631', 'EPSG:32630');
    const values: number[] = [];
    for (const [c, r] of pixelsInParcel(G, geometry.coordinates[0]!)) {
      if (c >= 72) {
        values.push(ndvi(ground.nir[r * WIDTH + c]!, ground.red[r * WIDTH + c]!));
        continue;
      }
      const [x, y] = to30.forward([G.x0 + (c + 0.5) * 10, G.y0 - (r + 0.5) * 10]) as [number, number];
      const wc = Math.floor((x - west.x0) / 10);
      const wr = Math.floor((west.y0 - y) / 10);
      const [gx, gy] = to30.inverse([west.x0 + (wc + 0.5) * 10, west.y0 - (wr + 0.5) * 10]) as [number, number];
      const gc = Math.floor((gx - G.x0) / 10);
      const gr = Math.floor((G.y0 - gy) / 10);
      values.push(ndvi(ground.nir[gr * WIDTH + gc]!, ground.red[gr * WIDTH + gc]!));
    }
    const expected = referenceStats(values);
    expect(result.scene.tiles).toEqual(['S2B_31SBA_20250610_0_L2A', 'S2B_30SYF_20250610_0_L2A']);
    expect(result.scene.epsg).toBe(32631);
    expect(result.stats.validFraction).toBe(1);
    expect(result.stats.count).toBe(values.length);
    for (const k of ['mean', 'std', 'min', 'max', 'median', 'p25', 'p75'] as const)
      expect(result.stats[k]!, k).toBeCloseTo(expected[k], 6);
    // Sanity of the reference: some pixels came from each zone.
    const fromWest = pixelsInParcel(G, geometry.coordinates[0]!).filter(([c]) => c < 72).length;
    expect(fromWest).toBeGreaterThan(100);
    expect(values.length - fromWest).toBeGreaterThan(100);
  });
});
