import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { fromFile } from 'geotiff';
import {
  DEMO_CLOUDY_DATE,
  DEMO_DATES,
  DEMO_FARMER_FIELD_KEYS,
  DEMO_FIELDS,
  DEMO_OVERCAST_DATES,
  DEMO_PARTLY_CLOUDED_DATES,
} from '@filaha/shared';
import { describe, expect, it } from 'vitest';
import {
  AllCloudyError,
  DEFAULT_MIN_VALID_FRACTION,
  DEMO_CATALOG_PATH,
  computeIndexMap,
  createCatalog,
  demoCatalogSourceHash,
  readBandStack,
} from '../src/index.ts';

const catalog = createCatalog({ catalogPath: DEMO_CATALOG_PATH });
const polygon = (ring: Array<[number, number]>) => ({ type: 'Polygon' as const, coordinates: [ring] });
const field = (key: string) => DEMO_FIELDS.find((f) => f.key === key)!;

describe('bundled demo catalog', () => {
  it('holds one Sentinel-2-like L2A item per demo date, both offset conventions, real COG layout', async () => {
    const items = await catalog.search({ start: '2025-01-01', end: '2025-12-31' });
    expect(items.map((i) => i.date)).toEqual([...DEMO_DATES]);
    expect(new Set(items.map((i) => i.boaOffsetApplied))).toEqual(new Set([true, false]));
    expect(
      items
        .filter((i) => i.boaOffsetApplied === false)
        .every((i) => i.processingBaseline === '05.11' && i.dnOffset === 1000),
    ).toBe(true);
    for (const key of ['blue', 'green', 'red', 'nir', 'rededge1', 'nir08', 'swir16', 'scl']) {
      const tiff = await fromFile(items[0]!.assets[key]!.href);
      expect(await tiff.getImageCount(), key).toBe(2); // full resolution + one overview
      const image = await tiff.getImage();
      const directory = image.getFileDirectory();
      expect(directory.getValue('Compression')).toBe(8);
      expect(await directory.loadValue('Predictor')).toBe(2);
      expect([image.getTileWidth(), image.getTileHeight()]).toEqual([256, 256]);
      expect(image.getGDALNoData()).toBe(0);
      expect(image.getGeoKeys()?.ProjectedCSTypeGeoKey).toBe(32631);
      expect(image.getBitsPerSample()).toBe(key === 'scl' ? 8 : 16);
      expect(image.getResolution()[0]).toBe(['blue', 'green', 'red', 'nir'].includes(key) ? 10 : 20);
    }
    // Generated, not committed, but still small: under 800 kB per acquisition (about 36 MB for the season).
    let bytes = 0;
    for (const entry of await readdir(DEMO_CATALOG_PATH, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) bytes += (await readFile(path.join(entry.parentPath, entry.name))).byteLength;
    }
    expect(bytes / items.length).toBeLessThan(800 * 1024);
  });

  it('spans February to October 2025 every 5 days, some dates partly clouded and some overcast', async () => {
    const items = await catalog.search({ start: '2025-01-01', end: '2025-12-31' });
    expect(items[0]!.date).toBe('2025-02-01');
    expect(items.at(-1)!.date).toBe('2025-10-29');
    const days = items.map((i) => Date.parse(i.date) / 86_400_000);
    const gaps = days.slice(1).map((d, k) => d - days[k]!);
    // The 5-day rhythm, and the neighbouring orbit's two extra August acquisitions.
    expect(gaps.every((g) => g === 5 || g === 2 || g === 3)).toBe(true);
    expect(items.filter((i) => !i.date.startsWith('2025-08')).every((i) => i.platform !== 'sentinel-2a')).toBe(true);
    const cover = (date: string) => items.find((i) => i.date === date)!.cloudCover!;
    for (const date of DEMO_OVERCAST_DATES) expect(cover(date), date).toBe(100);
    for (const date of DEMO_PARTLY_CLOUDED_DATES) {
      expect(cover(date), date).toBeGreaterThan(2);
      expect(cover(date), date).toBeLessThan(40);
    }
    const clouded = new Set<string>([...DEMO_OVERCAST_DATES, ...DEMO_PARTLY_CLOUDED_DATES]);
    for (const item of items.filter((i) => !clouded.has(i.date))) expect(cover(item.date), item.date).toBe(0);
    // An overcast date hides every parcel.
    const hidden = await computeIndexMap({
      catalog,
      geometry: polygon(field('wheat').ring),
      index: 'NDVI',
      start: DEMO_OVERCAST_DATES[0],
      end: DEMO_OVERCAST_DATES[0],
    }).catch((e: unknown) => e);
    expect(hidden).toBeInstanceOf(AllCloudyError);
    expect((hidden as AllCloudyError).bestValidFraction).toBe(0);
  });

  it('gives each demo field a sane NDVI for its crop over the default window', async () => {
    const window = { start: '2025-08-14', end: '2025-08-19' };
    const ndvi: Record<string, number> = {};
    for (const f of DEMO_FIELDS) {
      const result = await computeIndexMap({ catalog, geometry: polygon(f.ring), index: 'NDVI', ...window });
      ndvi[f.key] = result.stats.mean!;
      expect(Math.abs(result.stats.mean! - f.ndvi), f.key).toBeLessThan(0.06);
      expect(result.stats.validFraction).toBe(1);
    }
    expect(ndvi.citrus!).toBeGreaterThan(0.6);
    expect(ndvi.maize!).toBeGreaterThan(0.7);
    expect(ndvi.bare!).toBeLessThan(0.15);
    expect(ndvi.wheat!).toBeLessThan(0.25); // harvested in June: stubble in August
    expect(ndvi.reservoir!).toBeLessThan(0);
    const water = await computeIndexMap({
      catalog,
      geometry: polygon(field('reservoir').ring),
      index: 'NDWI',
      ...window,
    });
    expect(water.stats.mean!).toBeGreaterThan(0.3);
    const dry = await computeIndexMap({ catalog, geometry: polygon(field('bare').ring), index: 'NDMI', ...window });
    expect(dry.stats.mean!).toBeLessThan(0);
  });

  it('does not choose the cloudy date while a clear date is in the window', async () => {
    // The demo farmer's parcels under the August cloud (the wheat is only partly under its shadow).
    const underTheCloud = DEMO_FARMER_FIELD_KEYS.filter((k) => k !== 'wheat');
    expect(underTheCloud).toEqual(['citrus', 'maize']);
    for (const key of underTheCloud) {
      const result = await computeIndexMap({
        catalog,
        geometry: polygon(field(key).ring),
        index: 'NDVI',
        start: '2025-08-14',
        end: '2025-08-19',
      });
      expect(result.scene.datetime.slice(0, 10)).toBe('2025-08-15');
      const cloudy = result.candidates.find((c) => c.datetime.startsWith(DEMO_CLOUDY_DATE))!;
      expect(cloudy.validFraction).toBeLessThan(0.5);
      expect(cloudy.cloudFraction).toBeGreaterThan(0.5);
    }
    // On the cloudy date alone, the citrus parcel is entirely hidden.
    const alone = await computeIndexMap({
      catalog,
      geometry: polygon(field('citrus').ring),
      index: 'NDVI',
      start: DEMO_CLOUDY_DATE,
      end: DEMO_CLOUDY_DATE,
    }).catch((e: unknown) => e);
    expect((alone as { code?: string }).code).toBe('ALL_CLOUDY');
  });

  it('refuses a parcel on the cloud edge of the cloudy date (under 60 % visible) unless a lower minimum is asked for', async () => {
    // About 0.3 × 0.3 km on the eastern edge of the 2025-08-17 cloud: roughly 35 to 45 % of it visible.
    const edge = polygon([
      [2.9915, 36.602],
      [2.9945, 36.602],
      [2.9945, 36.605],
      [2.9915, 36.605],
      [2.9915, 36.602],
    ]);
    const request = { catalog, geometry: edge, index: 'NDVI', start: DEMO_CLOUDY_DATE, end: DEMO_CLOUDY_DATE };
    const refused = await computeIndexMap(request).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AllCloudyError);
    const cloudy = refused as AllCloudyError;
    expect(cloudy.bestValidFraction).toBeGreaterThan(0.2);
    expect(cloudy.bestValidFraction).toBeLessThan(DEFAULT_MIN_VALID_FRACTION);
    // The nearest days on which the parcel is visible enough, for the one-click retry.
    expect([cloudy.nearestBefore, cloudy.nearestAfter]).toEqual(['2025-08-15', '2025-08-20']);
    // A deployment with a lower minimum gets the partial map, its valid fraction saying how much was seen.
    const partial = await computeIndexMap({ ...request, minValidFraction: 0.2 });
    expect(partial.scene.datetime.slice(0, 10)).toBe(DEMO_CLOUDY_DATE);
    expect(partial.stats.validFraction).toBeGreaterThan(0.2);
    expect(partial.stats.validFraction).toBeLessThan(DEFAULT_MIN_VALID_FRACTION);
  });

  it('generates NDVI, NDMI, NDWI, NDRE and MSAVI over every demo parcel', async () => {
    for (const f of DEMO_FIELDS) {
      for (const index of ['NDVI', 'NDMI', 'NDWI', 'NDRE', 'MSAVI']) {
        const result = await computeIndexMap({
          catalog,
          geometry: polygon(f.ring),
          index,
          start: '2025-08-14',
          end: '2025-08-19',
        });
        expect(result.stats.count, `${f.key} ${index}`).toBeGreaterThan(500);
        expect(result.png.byteLength).toBeGreaterThan(100);
      }
    }
  });

  it('paints an asphalt road between the citrus and maize fields', async () => {
    const road = polygon([
      [2.964, 36.60384],
      [2.969, 36.60384],
      [2.969, 36.60396],
      [2.964, 36.60396],
      [2.964, 36.60384],
    ]);
    const [item] = await catalog.search({ geometry: road, start: '2025-08-15', end: '2025-08-15' });
    const stack = await readBandStack(catalog.reader, item!, ['red', 'swir16'], road, { scl: false });
    const reds = [...stack.bands.red!].filter((_, i) => stack.inParcel[i]);
    expect(reds.length).toBeGreaterThan(20);
    for (const red of reds) expect(red).toBeCloseTo(0.12, 3);
  });

  it('is deterministic and up to date: regenerating some dates gives the same bytes, and its stamp is current', async () => {
    const stamp = JSON.parse(await readFile(path.join(DEMO_CATALOG_PATH, '.generator.json'), 'utf8')) as {
      sourceHash: string;
    };
    expect(stamp.sourceHash).toBe(await demoCatalogSourceHash());
    // A clear new date, an overcast one, a partly clouded one and the first catalog's cloudy date (not all 57:
    // the whole season takes a while on a small machine and every date goes through the same code).
    const dates = ['2025-04-22', DEMO_OVERCAST_DATES[0], DEMO_PARTLY_CLOUDED_DATES[1], DEMO_CLOUDY_DATE];
    const out = await mkdtemp(path.join(tmpdir(), 'imagery-demo-'));
    try {
      const script = fileURLToPath(new URL('../scripts/make-demo-catalog.ts', import.meta.url));
      await promisify(execFile)(
        process.execPath,
        ['--conditions=@filaha/source', '--import', 'tsx', script, out, `--dates=${dates.join(',')}`],
        {
          cwd: path.dirname(path.dirname(script)),
        },
      );
      const hashes = async (root: string, only?: Set<string>) => {
        const result: Record<string, string> = {};
        for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
          if (!entry.isFile() || entry.name === 'catalog.json' || entry.name === '.generator.json') continue;
          const full = path.join(entry.parentPath, entry.name);
          const relative = path.relative(root, full);
          if (only && !only.has(relative.split(path.sep)[0]!)) continue;
          result[relative] = createHash('sha256')
            .update(await readFile(full))
            .digest('hex');
        }
        return result;
      };
      const fresh = await hashes(out);
      expect(Object.keys(fresh)).toHaveLength(dates.length * 9); // 8 COGs and the item per date
      const folders = new Set(Object.keys(fresh).map((f) => f.split(path.sep)[0]!));
      expect(fresh).toEqual(await hashes(DEMO_CATALOG_PATH, folders));
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
