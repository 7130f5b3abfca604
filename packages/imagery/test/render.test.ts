import { rm } from 'node:fs/promises';
import proj4 from 'proj4';
import sharp from 'sharp';
import { fromArrayBuffer } from 'geotiff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INDICES,
  computeIndexMap,
  createCatalog,
  decodeValuesGrid,
  encodeValuesGrid,
  fitLonLatToXY,
  parseColor,
  valueAt,
  type Catalog,
  type IndexMapResult,
} from '../src/index.ts';
import { pointInPolygon } from './helpers/reference.ts';
import { PARCEL } from './helpers/scenes.ts';
import { GRID } from './helpers/synthetic.ts';
import { buildSyntheticCatalog, type SyntheticCatalog } from './helpers/synthetic-catalog.ts';

const LEGEND = [
  { start: -1, end: 0.3, color: 'rgb(200, 0, 0)' },
  { start: 0.3, end: 0.5, color: 'rgb(250, 220, 0)' },
  { start: 0.5, end: 1, color: 'rgb(0, 150, 50)' },
];

let synthetic: SyntheticCatalog;
let catalog: Catalog;
let clear: IndexMapResult;
let cloudy: IndexMapResult;
const toUtm = proj4('EPSG:4326', `EPSG:${GRID.epsg}`);
const ring = PARCEL.coordinates[0]!;
const lons = ring.map((p) => p[0]!);
const lats = ring.map((p) => p[1]!);

/** NDVI of scene A at the 10 m source pixel containing (lon, lat), computed here from the DNs. */
function sourceNdvi(lon: number, lat: number, key: 'A' | 'B' = 'A'): number {
  const [x, y] = toUtm.forward([lon, lat]);
  const col = Math.floor((x! - GRID.x0) / 10);
  const row = Math.floor((GRID.y0 - y!) / 10);
  const i = row * GRID.width + col;
  const red = synthetic.dn[key].red![i]! / 10000;
  const nir = synthetic.dn[key].nir![i]! / 10000;
  return (nir - red) / (nir + red);
}

/** Whether the 10 m source pixel containing (lon, lat) has its centre inside the parcel (so it is counted). */
function sourceCounted(lon: number, lat: number): boolean {
  const [x, y] = toUtm.forward([lon, lat]);
  const col = Math.floor((x! - GRID.x0) / 10);
  const row = Math.floor((GRID.y0 - y!) / 10);
  const [cLon, cLat] = toUtm.inverse([GRID.x0 + (col + 0.5) * 10, GRID.y0 - (row + 0.5) * 10]);
  return pointInPolygon(cLon!, cLat!, ring);
}

beforeAll(async () => {
  synthetic = await buildSyntheticCatalog();
  catalog = createCatalog({ catalogPath: synthetic.dir });
  clear = await computeIndexMap({
    catalog,
    geometry: PARCEL,
    index: 'NDVI',
    start: '2025-06-10',
    end: '2025-06-10',
    legend: LEGEND,
  });
  // Scene B hides the parcel's western half (≈ 40 % visible): below the default minimum valid fraction, so it is
  // accepted explicitly here — these tests are about how masked pixels are drawn, not about that minimum.
  cloudy = await computeIndexMap({
    catalog,
    geometry: PARCEL,
    index: 'NDVI',
    start: '2025-06-12',
    end: '2025-06-12',
    legend: LEGEND,
    minValidFraction: 0.3,
  });
});
afterAll(() => rm(synthetic.dir, { recursive: true, force: true }));

describe('rendering on a lat/lon grid', () => {
  it('covers exactly the parcel bounds at about the data resolution', () => {
    expect(clear.bounds).toEqual([
      [Math.min(...lats), Math.min(...lons)],
      [Math.max(...lats), Math.max(...lons)],
    ]);
    // The parcel spans ≈ 850 m × 950 m: one output pixel per ≈ 10 m source pixel, not upscaled.
    expect(clear.width).toBeGreaterThan(80);
    expect(clear.width).toBeLessThan(90);
    expect(clear.height).toBeGreaterThan(90);
    expect(clear.height).toBeLessThan(100);
    expect(clear.upscaled).toBe(false);
    expect(clear.scale).toBe(1);
  });

  it('colours each pixel by the legend class of the source pixel under it, transparent where that pixel is not counted', async () => {
    const { data, info } = await sharp(clear.png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([clear.width, clear.height, 4]);
    const [[south, west], [north, east]] = clear.bounds;
    const dLon = (east - west) / clear.width;
    const dLat = (north - south) / clear.height;
    let checked = 0;
    let transparent = 0;
    let edge = 0;
    for (let r = 0; r < clear.height; r += 1) {
      for (let c = 0; c < clear.width; c += 1) {
        const lon = west + (c + 0.5) * dLon;
        const lat = north - (r + 0.5) * dLat;
        const o = (r * clear.width + c) * 4;
        // The parcel is drawn as the source pixels it is measured by, not clipped by the output cell centre.
        if (pointInPolygon(lon, lat, ring) !== sourceCounted(lon, lat)) edge++;
        if (!sourceCounted(lon, lat)) {
          expect(data[o + 3], `outside ${c},${r}`).toBe(0);
          expect(valueAt(clear.valuesGrid, lon, lat)).toBeNull();
          transparent++;
          continue;
        }
        const value = sourceNdvi(lon, lat);
        const cls = LEGEND.find((l) => value >= l.start && value < l.end)!;
        expect([...data.subarray(o, o + 4)], `pixel ${c},${r} value ${value}`).toEqual(parseColor(cls.color));
        expect(valueAt(clear.valuesGrid, lon, lat)).toBe(Math.fround(value));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(4500);
    expect(transparent).toBeGreaterThan(500);
    expect(edge).toBeGreaterThan(20); // cells where the old outline clipping and the counted pixels disagree
  });

  it('answers valueAt with the source value anywhere inside a pixel, and null where clouds mask it', () => {
    const lon = 0.37 * Math.min(...lons) + 0.63 * Math.max(...lons);
    const lat = 0.55 * Math.min(...lats) + 0.45 * Math.max(...lats);
    const [[south, west], [north, east]] = clear.bounds;
    const col = Math.floor(((lon - west) / (east - west)) * clear.width);
    const row = Math.floor(((north - lat) / (north - south)) * clear.height);
    const centreLon = west + (col + 0.5) * ((east - west) / clear.width);
    const centreLat = north - (row + 0.5) * ((north - south) / clear.height);
    expect(valueAt(clear.valuesGrid, lon, lat)).toBe(Math.fround(sourceNdvi(centreLon, centreLat)));
    // Scene B: the western half is cloud → null there, a value in the east.
    const westLon = Math.min(...lons) + 0.1 * (Math.max(...lons) - Math.min(...lons));
    const eastLon = Math.min(...lons) + 0.8 * (Math.max(...lons) - Math.min(...lons));
    const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
    expect(pointInPolygon(westLon, midLat, ring)).toBe(true);
    expect(valueAt(cloudy.valuesGrid, westLon, midLat)).toBeNull();
    expect(valueAt(cloudy.valuesGrid, eastLon, midLat)).not.toBeNull();
    expect(valueAt(clear.valuesGrid, Math.max(...lons) + 0.01, midLat)).toBeNull();
  });

  it('keeps the fitted lon/lat → UTM mapping within millimetres of proj4, from a parcel to the demo area', () => {
    const bbox: [number, number, number, number] = [
      Math.min(...lons),
      Math.min(...lats),
      Math.max(...lons),
      Math.max(...lats),
    ];
    expect(fitLonLatToXY(GRID.epsg, bbox).maxErrorM).toBeLessThan(0.001);
    // 500 ha-sized boxes near and far (≈ 3°) from the central meridian, and the whole 5 km demo area.
    expect(fitLonLatToXY(32631, [2.96, 36.58, 2.985, 36.6]).maxErrorM).toBeLessThan(0.005);
    expect(fitLonLatToXY(32631, [5.9, 36.0, 5.925, 36.02]).maxErrorM).toBeLessThan(0.005);
    expect(fitLonLatToXY(32631, [2.96, 36.58, 3.02, 36.63]).maxErrorM).toBeLessThan(0.05);
  });

  it('respects the requested size and only upscales when allowed, saying so', async () => {
    const small = await computeIndexMap({
      catalog,
      geometry: PARCEL,
      index: 'NDVI',
      start: '2025-06-10',
      end: '2025-06-10',
      width: 40,
      height: 40,
    });
    expect(small.width).toBeLessThanOrEqual(40);
    expect(small.height).toBeLessThanOrEqual(40);
    expect(small.scale).toBeLessThan(1);
    const big = await computeIndexMap({
      catalog,
      geometry: PARCEL,
      index: 'NDVI',
      start: '2025-06-10',
      end: '2025-06-10',
      width: 2048,
      height: 2048,
      allowUpscale: true,
    });
    expect(big.upscaled).toBe(true);
    expect(big.scale).toBeGreaterThan(1);
    expect(Math.max(big.width, big.height)).toBeLessThanOrEqual(2048);
    expect(big.stats).toEqual(clear.stats); // statistics never depend on the output size
  });
});

describe('raw values output', () => {
  it('writes the counted source pixels as a Float32 GeoTIFF on the native UTM grid, NaN elsewhere', async () => {
    const tiff = await fromArrayBuffer(
      clear.geotiff.buffer.slice(
        clear.geotiff.byteOffset,
        clear.geotiff.byteOffset + clear.geotiff.byteLength,
      ) as ArrayBuffer,
    );
    const image = await tiff.getImage();
    expect(image.getGeoKeys()?.ProjectedCSTypeGeoKey).toBe(GRID.epsg);
    expect(image.getGeoKeys()?.GTModelTypeGeoKey).toBe(1);
    expect(Number.isNaN(image.getGDALNoData())).toBe(true);
    expect(image.getResolution().slice(0, 2)).toEqual([10, -10]);
    const [x0, y0] = image.getOrigin();
    const col0 = (x0! - GRID.x0) / 10;
    const row0 = (GRID.y0 - y0!) / 10;
    expect(Number.isInteger(col0) && Number.isInteger(row0)).toBe(true); // on the scene's own pixel grid
    const width = image.getWidth();
    const [raster] = (await image.readRasters()) as unknown as [Float32Array];
    let count = 0;
    let sum = 0;
    for (let i = 0; i < raster!.length; i++) {
      const col = col0 + (i % width);
      const row = row0 + Math.floor(i / width);
      const [lon, lat] = toUtm.inverse([GRID.x0 + (col + 0.5) * 10, GRID.y0 - (row + 0.5) * 10]);
      const inside = pointInPolygon(lon!, lat!, ring);
      // Scene A has no masked pixel in the parcel: value ⇔ centre inside, equal to the source pixel's NDVI.
      expect(Number.isNaN(raster![i]!), `pixel ${col},${row}`).toBe(!inside);
      if (!inside) continue;
      expect(raster![i]).toBe(Math.fround(sourceNdvi(lon!, lat!)));
      count++;
      sum += raster![i]!;
    }
    expect(count).toBe(clear.stats.count);
    expect(Math.abs(sum / count - clear.stats.mean!)).toBeLessThan(1e-6);
    // Every value the lat/lon map shows is one of the counted pixels.
    const counted = new Set(Array.from(raster!).filter((v) => !Number.isNaN(v)));
    for (const v of clear.valuesGrid.data) if (!Number.isNaN(v)) expect(counted.has(v)).toBe(true);
    const meta = await sharp(clear.geotiff).metadata();
    expect(meta.format).toBe('tiff');
  });

  it('round-trips the compact values grid', () => {
    const bytes = encodeValuesGrid(clear.valuesGrid);
    expect(bytes.byteLength).toBeLessThan(8 + 512 + clear.width * clear.height * 4);
    const decoded = decodeValuesGrid(bytes);
    expect(decoded.width).toBe(clear.width);
    expect(decoded.bounds).toEqual(clear.bounds);
    expect(decoded.meta).toMatchObject({ index: 'NDVI', sceneId: clear.scene.id });
    expect(Array.from(decoded.data, (v) => (Number.isNaN(v) ? null : v))).toEqual(
      Array.from(clear.valuesGrid.data, (v) => (Number.isNaN(v) ? null : v)),
    );
  });

  it('clamps EVI only for colour: statistics keep values beyond the natural range', async () => {
    const evi = await computeIndexMap({
      catalog,
      geometry: PARCEL,
      index: 'EVI',
      start: '2025-06-10',
      end: '2025-06-10',
    });
    expect(INDICES.EVI!.range).toEqual([-1, 1]);
    expect(evi.stats.count).toBe(clear.stats.count);
    expect(evi.stats.max!).toBeGreaterThan(evi.stats.min!);
  });
});
