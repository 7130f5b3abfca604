import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import proj4 from 'proj4';
import { fromFile } from 'geotiff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INDICES,
  computeIndexMap,
  createCatalog,
  createCogReader,
  dnToReflectance,
  writeGeoTiff,
} from '../src/index.ts';
import { HAS_S2_FIXTURES, PENTAGON_29RKH, S2_FIXTURES, noteIfMissing } from './helpers/fixtures.ts';
import { startLoopback, type Loopback } from './helpers/loopback.ts';
import { bilinear20at10Masked, pixelsInParcel, referenceStats } from './helpers/reference.ts';

noteIfMissing('sen2r oracle, 29RKH COGs over loopback, Nile crop');

async function raster(file: string, sample = 0): Promise<{ data: ArrayLike<number>; width: number; height: number }> {
  const image = await (await fromFile(file)).getImage();
  const [data] = (await image.readRasters({ samples: [sample] })) as unknown as [ArrayLike<number>];
  return { data: data!, width: image.getWidth(), height: image.getHeight() };
}

function polygonFrom(epsg: number, vertices: ReadonlyArray<[number, number]>) {
  const ring = vertices.map(([x, y]) => proj4(`EPSG:${epsg}`, 'EPSG:4326', [x, y]) as [number, number]);
  return { type: 'Polygon' as const, coordinates: [[...ring, ring[0]!]] };
}

describe.skipIf(!HAS_S2_FIXTURES)('sen2r oracle (Italian Alps, 2017 and 2019)', () => {
  for (const date of ['20170703', '20190723']) {
    it(`NDVI and MSAVI from the BOA bands equal sen2r's values on every valid pixel (${date})`, async () => {
      const base = path.join(S2_FIXTURES, 'sen2r-oracle', `S2A2A_${date}_022_Barbellino_`);
      const reader = createCogReader();
      const window = { col0: 0, row0: 0, width: 24, height: 42 };
      // BOA band order: B01 B02 B03 B04 B05 B06 B07 B08 …: red is sample 3, NIR sample 7; nodata 65535.
      const red = await reader.readWindow(`${base}BOA_10.tif`, { ...window, sample: 3 });
      const nir = await reader.readWindow(`${base}BOA_10.tif`, { ...window, sample: 7 });
      const ndvi = await raster(`${base}NDVI_10.tif`);
      const msavi = await raster(`${base}MSAVI2_10.tif`);
      let compared = 0;
      for (let i = 0; i < 24 * 42; i++) {
        if (red.data[i] === 65535 || nir.data[i] === 65535 || ndvi.data[i] === -32768) continue;
        const r = dnToReflectance(red.data[i]!, 0);
        const n = dnToReflectance(nir.data[i]!, 0);
        // Stored as round(value × 10000): within half a unit of the last digit.
        expect(Math.abs(INDICES.NDVI!.formula(n, r) * 10000 - ndvi.data[i]!), `NDVI px ${i}`).toBeLessThanOrEqual(
          0.5 + 1e-9,
        );
        expect(Math.abs(INDICES.MSAVI!.formula(n, r) * 10000 - msavi.data[i]!), `MSAVI px ${i}`).toBeLessThanOrEqual(
          0.5 + 1e-9,
        );
        compared++;
      }
      expect(compared).toBe(24 * 42);
    });
  }
});

describe.skipIf(!HAS_S2_FIXTURES)('real COGs over loopback', () => {
  let server: Loopback;
  let dir: string;
  beforeAll(async () => {
    server = await startLoopback();
    dir = await mkdtemp(path.join(tmpdir(), 'imagery-real-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('29RKH (reduced 10×): NDVI ≈ 0.07 and NDMI ≈ −0.10 with the cloud pixels masked, equal to an independent computation', async () => {
    const folder = path.join(S2_FIXTURES, 'cogs-29RKH-2020-02-19');
    const item = JSON.parse(await readFile(path.join(folder, 'S2A_29RKH_20200219_0_L2A.json'), 'utf8')) as {
      assets: Record<string, { href: string }>;
    };
    const local = new Set(['B02.tif', 'B03.tif', 'B04.tif', 'B05.tif', 'B08.tif', 'B8A.tif', 'B11.tif', 'SCL.tif']);
    for (const asset of Object.values(item.assets)) {
      const file = asset.href.split('/').pop()!;
      if (!local.has(file) || asset.href.startsWith('s3://')) continue;
      server.files.set(`/29RKH/${file}`, path.join(folder, file));
      asset.href = `${server.url}/29RKH/${file}`;
    }
    server.stac = () => ({ type: 'FeatureCollection', features: [item], links: [] });
    const catalog = createCatalog({ stacApiUrl: server.url, timeoutMs: 5000 });
    const geometry = polygonFrom(32629, PENTAGON_29RKH);
    // About 31 % of this parcel is visible: below the default minimum valid fraction, accepted explicitly here
    // because this test is about the values of the masked computation (maps-match-numbers tests the refusal).
    const window = { start: '2020-02-17', end: '2020-02-21', minValidFraction: 0.2 };
    const ndvi = await computeIndexMap({ catalog, geometry, index: 'NDVI', ...window });
    const ndmi = await computeIndexMap({ catalog, geometry, index: 'NDMI', ...window });
    expect(ndvi.scene.id).toBe('S2A_29RKH_20200219_0_L2A');
    expect(ndvi.scene.dnOffset).toBe(0);
    expect(ndvi.stats.resolution).toBe(100); // the grid comes from the GeoTIFF, not the item's 10 m
    expect(ndvi.scene.cloudFraction).toBeGreaterThan(0.05);
    expect(ndvi.stats.validFraction).toBeLessThan(0.95);
    expect(ndvi.stats.mean!).toBeGreaterThan(0.05);
    expect(ndvi.stats.mean!).toBeLessThan(0.09);
    expect(ndmi.stats.mean!).toBeGreaterThan(-0.13);
    expect(ndmi.stats.mean!).toBeLessThan(-0.07);

    // Independent: geotiff.js full reads, proj4 per pixel centre, SCL nearest, B11 bilinear.
    const [b04, b08, b11, scl] = await Promise.all(
      ['B04.tif', 'B08.tif', 'B11.tif', 'SCL.tif'].map((f) => raster(path.join(folder, f))),
    );
    const grid = { epsg: 32629, x0: 199_980, y0: 2_800_020, width: 1098, height: 1098, res: 100 };
    const inside = pixelsInParcel(grid, geometry.coordinates[0]!);
    const masked = new Set([0, 1, 3, 8, 9, 10, 11]);
    const ndviValues: number[] = [];
    const ndmiValues: number[] = [];
    let cloudy = 0;
    for (const [col, row] of inside) {
      const cls = scl!.data[Math.floor(row / 2) * 549 + Math.floor(col / 2)]!;
      if (masked.has(cls)) {
        cloudy++;
        continue;
      }
      const r = b04!.data[row * 1098 + col]! / 10000;
      const n = b08!.data[row * 1098 + col]! / 10000;
      // B11 and SCL share the 20 m (here 200 m) grid: a masked SCL pixel never enters the interpolation.
      const s =
        bilinear20at10Masked(b11!.data, 549, 549, col, row, (i, j) => masked.has(scl!.data[j * 549 + i]!)) / 10000;
      ndviValues.push((n - r) / (n + r));
      ndmiValues.push((n - s) / (n + s));
    }
    expect(cloudy).toBeGreaterThan(100);
    expect(ndvi.stats.count).toBe(ndviValues.length);
    expect(ndvi.stats.mean!).toBeCloseTo(referenceStats(ndviValues).mean, 6);
    expect(ndvi.stats.p75!).toBeCloseTo(referenceStats(ndviValues).p75, 6);
    expect(ndmi.stats.mean!).toBeCloseTo(referenceStats(ndmiValues).mean, 6);
    expect(ndvi.png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('Nile crop (10 m): the NDVI map spans ≈ −0.18 … 0.85 and matches an independent computation', async () => {
    const folder = path.join(S2_FIXTURES, 'nile-10m');
    const itemDir = path.join(dir, 'nile');
    await mkdir(itemDir, { recursive: true });
    // The crop has no SCL: write an all-"vegetation" SCL on its 20 m grid so the normal path runs unmasked.
    const sclWidth = Math.ceil(393 / 2);
    const sclHeight = Math.ceil(383 / 2);
    await writeFile(
      path.join(itemDir, 'SCL.tif'),
      writeGeoTiff({
        type: 'uint8',
        levels: [{ width: sclWidth, height: sclHeight, data: new Uint8Array(sclWidth * sclHeight).fill(4) }],
        geo: { epsg: 32636, originX: 539_660, originY: 1_838_980, resX: 20, resY: 20 },
        nodata: 0,
      }),
    );
    server.files.set('/nile/B04.tif', path.join(folder, 'sentinel-b04.tif'));
    server.files.set('/nile/B08.tif', path.join(folder, 'sentinel-b08.tif'));
    const item = {
      type: 'Feature',
      stac_version: '1.0.0',
      id: 'S2A_36QWD_20200701_0_L2A',
      collection: 'sentinel-2-l2a',
      geometry: polygonFrom(32636, [
        [539_660, 1_835_150],
        [543_590, 1_835_150],
        [543_590, 1_838_980],
        [539_660, 1_838_980],
      ]),
      properties: { datetime: '2020-07-01T08:20:00Z', 'proj:epsg': 32636, 's2:processing_baseline': '02.14' },
      assets: {
        red: { href: `${server.url}/nile/B04.tif` },
        nir: { href: `${server.url}/nile/B08.tif` },
        scl: { href: './SCL.tif' },
      },
    };
    await writeFile(path.join(itemDir, 'item.json'), JSON.stringify(item));
    const geometry = polygonFrom(32636, [
      [539_700, 1_835_200],
      [543_550, 1_835_200],
      [543_550, 1_838_940],
      [539_700, 1_838_940],
    ]);
    const result = await computeIndexMap({
      catalog: createCatalog({ catalogPath: itemDir }),
      geometry,
      index: 'NDVI',
      start: '2020-06-28',
      end: '2020-07-03',
    });
    expect(result.stats.min!).toBeGreaterThan(-0.22);
    expect(result.stats.min!).toBeLessThan(-0.14);
    expect(result.stats.max!).toBeGreaterThan(0.8);
    expect(result.stats.max!).toBeLessThan(0.9);
    expect(result.width).toBeGreaterThan(370);
    expect(result.width).toBeLessThan(400);

    const [red, nir] = await Promise.all(
      ['sentinel-b04.tif', 'sentinel-b08.tif'].map((f) => raster(path.join(folder, f))),
    );
    const values = pixelsInParcel(
      { epsg: 32636, x0: 539_660, y0: 1_838_980, width: 393, height: 383 },
      geometry.coordinates[0]!,
    )
      .map(([c, r]) => [red!.data[r * 393 + c]! / 10000, nir!.data[r * 393 + c]! / 10000] as const)
      .filter(([r, n]) => r > 0 && n > 0)
      .map(([r, n]) => (n - r) / (n + r));
    const expected = referenceStats(values);
    expect(result.stats.count).toBe(values.length);
    for (const k of ['min', 'max', 'mean', 'median'] as const) expect(result.stats[k]!).toBeCloseTo(expected[k], 6);
  });
});
