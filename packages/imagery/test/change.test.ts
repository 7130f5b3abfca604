import { DEMO_FIELDS } from '@filaha/shared';
import { fromArrayBuffer } from 'geotiff';
import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import {
  AllCloudyError,
  CHANGE_LEGEND,
  DEMO_CATALOG_PATH,
  ImageryError,
  alignStack,
  computeChange,
  computeIndexMap,
  createCatalog,
  differenceOf,
  type BandStack,
  type ParcelGeometry,
} from '../src/index.ts';

const catalog = createCatalog({ catalogPath: DEMO_CATALOG_PATH });
const polygon = (ring: Array<[number, number]>): ParcelGeometry => ({ type: 'Polygon', coordinates: [ring] });
const maize = polygon(DEMO_FIELDS.find((f) => f.key === 'maize')!.ring);
/** On the eastern edge of the 2025-08-17 cloud: partly visible that day, fully on 2025-08-15 (demo-catalog.test.ts). */
const cloudEdge = polygon([
  [2.9915, 36.602],
  [2.9945, 36.602],
  [2.9945, 36.605],
  [2.9915, 36.605],
  [2.9915, 36.602],
]);

/** A Float32 GeoTIFF as a GIS user reads it: origin, resolution, size and the raster. */
async function readTiff(bytes: Buffer) {
  const tiff = await fromArrayBuffer(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const image = await tiff.getImage();
  const [raster] = (await image.readRasters()) as unknown as [Float32Array];
  return {
    origin: image.getOrigin().slice(0, 2),
    resolution: image.getResolution().slice(0, 2),
    width: image.getWidth(),
    height: image.getHeight(),
    epsg: image.getGeoKeys()?.ProjectedCSTypeGeoKey as number | undefined,
    raster: raster!,
  };
}

/** numpy-style linear percentile, written here independently of the engine. */
function quantile(sorted: number[], q: number): number {
  const pos = q * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** The difference recomputed from the two dates' own downloads: mask (both non-NaN), subtract, summarise. */
async function expectedFromTiffs(earlierTiff: Buffer, laterTiff: Buffer, threshold: number) {
  const a = await readTiff(earlierTiff);
  const b = await readTiff(laterTiff);
  // Same tile: the two downloads are on the same 10 m UTM pixels.
  expect([b.origin, b.resolution, b.width, b.height, b.epsg]).toEqual([
    a.origin,
    a.resolution,
    a.width,
    a.height,
    a.epsg,
  ]);
  const diffs: number[] = [];
  const grid = new Float32Array(a.raster.length).fill(Number.NaN);
  let onlyOne = 0;
  a.raster.forEach((va, i) => {
    const vb = b.raster[i]!;
    if (Number.isNaN(va) !== Number.isNaN(vb)) onlyOne++;
    if (Number.isNaN(va) || Number.isNaN(vb)) return;
    grid[i] = vb - va;
    diffs.push(grid[i]!);
  });
  const sorted = [...diffs].sort((x, y) => x - y);
  const mean = diffs.reduce((s, v) => s + v, 0) / diffs.length;
  return {
    grid,
    onlyOne,
    tiff: a,
    stats: {
      count: diffs.length,
      mean,
      std: Math.sqrt(diffs.reduce((s, v) => s + (v - mean) ** 2, 0) / diffs.length),
      min: sorted[0]!,
      max: sorted.at(-1)!,
      median: quantile(sorted, 0.5),
      p25: quantile(sorted, 0.25),
      p75: quantile(sorted, 0.75),
    },
    fellFraction: diffs.filter((d) => d < -threshold).length / diffs.length,
  };
}

function expectStats(actual: Record<string, number | null>, expected: Record<string, number>) {
  expect(actual.count).toBe(expected.count);
  for (const key of ['mean', 'std', 'min', 'max', 'median', 'p25', 'p75'])
    expect(actual[key], key).toBeCloseTo(expected[key]!, 6);
}

describe('change between two dates (demo catalog)', () => {
  it('has the statistics of the difference recomputed from the two dates’ GeoTIFFs on the common valid pixels', async () => {
    // Acceptance 3. 08-15 is clear over this parcel; 08-17 hides part of it under the cloud: the common valid
    // pixels are a strict subset of the parcel, so the mask matters.
    const request = { catalog, geometry: cloudEdge, index: 'NDVI', minValidFraction: 0.2 };
    const [earlier, later] = await Promise.all([
      computeIndexMap({ ...request, start: '2025-08-15', end: '2025-08-15' }),
      computeIndexMap({ ...request, start: '2025-08-17', end: '2025-08-17' }),
    ]);
    const change = await computeChange({
      ...request,
      earlier: { start: '2025-08-15', end: '2025-08-15' },
      later: { start: '2025-08-17', end: '2025-08-17' },
      threshold: 0.05,
    });
    const expected = await expectedFromTiffs(earlier.geotiff, later.geotiff, 0.05);
    expect(expected.onlyOne).toBeGreaterThan(0);
    expect(expected.stats.count).toBeGreaterThan(50);

    expect(change.alignment).toBe('native');
    expect([change.earlier.scene.id, change.later.scene.id]).toEqual([earlier.scene.id, later.scene.id]);
    expect(change.earlier.stats).toEqual(earlier.stats);
    expect(change.later.stats).toEqual(later.stats);
    expectStats(change.stats as unknown as Record<string, number>, expected.stats);
    expect(change.fellFraction).toBeCloseTo(expected.fellFraction, 9);
    expect(change.threshold).toBe(0.05);

    // The change download is that difference, pixel for pixel, on the same grid.
    const tiff = await readTiff(change.map!.geotiff);
    expect([tiff.origin, tiff.resolution, tiff.width, tiff.height]).toEqual([
      expected.tiff.origin,
      expected.tiff.resolution,
      expected.tiff.width,
      expected.tiff.height,
    ]);
    tiff.raster.forEach((v, i) => {
      if (Number.isNaN(expected.grid[i]!)) expect(v).toBeNaN();
      else expect(v).toBeCloseTo(expected.grid[i]!, 6);
    });
    expect(change.map!.png.subarray(1, 4).toString()).toBe('PNG');
    expect(change.map!.earlierPng.subarray(1, 4).toString()).toBe('PNG');
    expect(change.map!.laterPng.subarray(1, 4).toString()).toBe('PNG');
    expect(change.map!.valuesGrid.data.some((v) => !Number.isNaN(v))).toBe(true);
  });

  it('counts the share that fell by more than the threshold on a whole parcel between two clear dates', async () => {
    const request = { catalog, geometry: maize, index: 'NDVI' };
    const [earlier, later] = await Promise.all([
      computeIndexMap({ ...request, start: '2025-08-10', end: '2025-08-10' }),
      computeIndexMap({ ...request, start: '2025-08-25', end: '2025-08-25' }),
    ]);
    const change = await computeChange({
      ...request,
      earlier: { start: '2025-08-10', end: '2025-08-10' },
      later: { start: '2025-08-25', end: '2025-08-25' },
      images: false,
    });
    const expected = await expectedFromTiffs(earlier.geotiff, later.geotiff, 0.1);
    expectStats(change.stats as unknown as Record<string, number>, expected.stats);
    expect(change.fellFraction).toBeCloseTo(expected.fellFraction, 9);
    expect(change.threshold).toBe(0.1);
    expect(change.map).toBeUndefined();
  });

  it('refuses a date too clouded on its own, naming that date’s scene, and a bad threshold', async () => {
    const request = { catalog, geometry: cloudEdge, index: 'NDVI' };
    const refused = await computeChange({
      ...request,
      earlier: { start: '2025-08-15', end: '2025-08-15' },
      later: { start: '2025-08-17', end: '2025-08-17' },
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AllCloudyError);
    expect((refused as AllCloudyError).bestSceneId).toContain('20250817');
    for (const threshold of [0, -0.1, 3, Number.NaN]) {
      const bad = await computeChange({
        ...request,
        earlier: { start: '2025-08-10', end: '2025-08-10' },
        later: { start: '2025-08-15', end: '2025-08-15' },
        threshold,
      }).catch((e: unknown) => e);
      expect(bad, String(threshold)).toBeInstanceOf(ImageryError);
    }
  });

  it('has a diverging legend centred on 0', () => {
    const mid = CHANGE_LEGEND.find((c) => c.start < 0 && c.end > 0)!;
    expect(mid.start).toBe(-mid.end);
    const starts = CHANGE_LEGEND.map((c) => c.start);
    const ends = CHANGE_LEGEND.map((c) => c.end);
    expect(starts.map((s) => -s).reverse()).toEqual(ends);
  });
});

describe('change on two grids', () => {
  const stack = (x0: number, y0: number, width: number, height: number, nir: (c: number, r: number) => number) => {
    const n = width * height;
    const bands = { nir: new Float64Array(n), red: new Float64Array(n).fill(0.05) };
    for (let r = 0; r < height; r++) for (let c = 0; c < width; c++) bands.nir[r * width + c] = nir(c, r);
    return {
      grid: { epsg: 32631, x0, y0, resX: 10, resY: 10, width, height, col0: 0, row0: 0 },
      bands,
      scl: new Uint8Array(n).fill(4),
      inParcel: new Uint8Array(n).fill(1),
    } satisfies BandStack;
  };

  it('keeps the later stack as is on the same grid and resamples it onto the earlier grid otherwise', () => {
    const earlier = stack(500_000, 4_000_000, 6, 5, () => 0.3);
    const same = stack(500_000, 4_000_000, 6, 5, (c) => 0.1 * c);
    expect(alignStack(earlier, same)).toEqual({ stack: same, resampled: false });
    // Shifted two columns east and one row south: earlier pixel (c, r) is later pixel (c − 2, r − 1).
    const shifted = stack(500_020, 3_999_990, 6, 5, (c, r) => 0.01 * (r * 6 + c) + 0.1);
    const { stack: aligned, resampled } = alignStack(earlier, shifted);
    expect(resampled).toBe(true);
    expect(aligned.grid).toBe(earlier.grid);
    for (let r = 0; r < 5; r++)
      for (let c = 0; c < 6; c++) {
        const v = aligned.bands.nir![r * 6 + c]!;
        if (c < 2 || r < 1) {
          expect(v).toBeNaN();
          expect(aligned.scl![r * 6 + c]).toBe(0);
        } else expect(v).toBeCloseTo(0.01 * ((r - 1) * 6 + (c - 2)) + 0.1, 12);
      }
  });

  it('reprojects the later stack across UTM zones onto the earlier grid (nearest pixel of the ground point)', () => {
    // Near 6° E: the earlier acquisition on a 31N tile, the later one on a 32N tile.
    const to31 = proj4('EPSG:4326', 'EPSG:32631');
    const to32 = proj4('EPSG:4326', 'EPSG:32632');
    const [x31, y31] = to31.forward([5.99, 36.6]) as [number, number];
    const [x32, y32] = to32.forward([5.99, 36.6]) as [number, number];
    const earlier = { ...stack(Math.round(x31 / 10) * 10, Math.round(y31 / 10) * 10, 12, 10, () => 0.3) };
    const later = {
      ...stack(
        Math.round(x32 / 10) * 10 - 200,
        Math.round(y32 / 10) * 10 + 200,
        50,
        50,
        (c, r) => 0.1 + 0.0003 * (r * 50 + c),
      ),
    };
    later.grid = { ...later.grid, epsg: 32632 };
    const { stack: aligned, resampled } = alignStack(earlier, later);
    expect(resampled).toBe(true);
    const g = earlier.grid;
    const lg = later.grid;
    let filled = 0;
    for (let r = 0; r < g.height; r++)
      for (let c = 0; c < g.width; c++) {
        const lonLat = to31.inverse([g.x0 + (c + 0.5) * 10, g.y0 - (r + 0.5) * 10]);
        const [x, y] = to32.forward(lonLat) as [number, number];
        const lc = Math.floor((x - lg.x0) / 10);
        const lr = Math.floor((lg.y0 - y) / 10);
        const inside = lc >= 0 && lr >= 0 && lc < lg.width && lr < lg.height;
        const v = aligned.bands.nir![r * g.width + c]!;
        if (!inside) expect(v).toBeNaN();
        else {
          expect(v).toBeCloseTo(later.bands.nir[lr * lg.width + lc]!, 12);
          filled++;
        }
      }
    expect(filled).toBe(g.width * g.height);
  });

  it('takes the difference only where both dates are valid inside the parcel', () => {
    const nan = Number.NaN;
    const earlier = Float32Array.from([0.5, 0.5, nan, 0.5, 0.5]);
    const later = Float32Array.from([0.3, 0.45, 0.2, nan, 0.9]);
    const inParcel = Uint8Array.from([1, 1, 1, 1, 0]);
    const diff = differenceOf(earlier, later, inParcel, 10, 0.1);
    expect(diff.stats.count).toBe(2);
    expect(diff.stats.validFraction).toBe(0.5);
    expect(diff.fellCount).toBe(1);
    expect(diff.fellFraction).toBe(0.5);
    expect(diff.stats.min).toBeCloseTo(-0.2, 6);
    expect(diff.stats.max).toBeCloseTo(-0.05, 6);
    expect(Number.isNaN(diff.values[4]!)).toBe(true);
  });
});
