import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_CLOUDY_DATE, DEMO_DATES, DEMO_FIELDS } from '@filaha/shared';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEMO_CATALOG_PATH,
  assessAcquisition,
  computeIndexMap,
  computeSeries,
  createCatalog,
  createCogReader,
} from '../src/index.ts';

const catalog = createCatalog({ catalogPath: DEMO_CATALOG_PATH });
const polygon = (ring: Array<[number, number]>) => ({ type: 'Polygon' as const, coordinates: [ring] });
const maize = polygon(DEMO_FIELDS.find((f) => f.key === 'maize')!.ring);
/** The demo season's acquisitions in the August window these tests read. */
const AUGUST = DEMO_DATES.filter((d) => d.startsWith('2025-08'));
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('season curve (computeSeries) on the demo catalog', () => {
  it('one point per clear acquisition, equal to the image of that day; the clouded day skipped as CLOUDY', async () => {
    const series = await computeSeries({
      catalog,
      geometry: maize,
      index: 'NDVI',
      from: '2025-08-01',
      to: '2025-08-31',
    });
    expect(series.skipped).toEqual([
      expect.objectContaining({ date: DEMO_CLOUDY_DATE, reason: 'CLOUDY', validFraction: expect.any(Number) }),
    ]);
    expect(series.points.map((p) => p.date)).toEqual(AUGUST.filter((d) => d !== DEMO_CLOUDY_DATE));
    for (const point of series.points) {
      const image = await computeIndexMap({
        catalog,
        geometry: maize,
        index: 'NDVI',
        start: point.date,
        end: point.date,
      });
      expect(point.sceneId).toBe(image.scene.id);
      expect(point.stats).toEqual(image.stats);
    }
  });

  it('reads nothing again for scenes already known, and only SCL for a clouded one', async () => {
    const reader = createCogReader();
    const first = await computeSeries({
      catalog,
      reader,
      geometry: maize,
      index: 'NDMI',
      from: '2025-08-01',
      to: '2025-08-31',
    });
    expect(first.points.length).toBe(AUGUST.length - 1);
    reader.resetStats();
    reader.clearCache();
    const known = new Set([...first.points.map((p) => p.sceneId), ...first.skipped.map((s) => s.sceneId)]);
    const again = await computeSeries({
      catalog,
      reader,
      known,
      geometry: maize,
      index: 'NDMI',
      from: '2025-08-01',
      to: '2025-08-31',
    });
    expect(again).toEqual({ points: [], skipped: [] });
    expect(reader.stats.requests).toBe(0);
    // The clouded date alone: its SCL is read, its index bands are not (as many reads as the SCL assessment).
    const sclOnly = createCogReader();
    const items = await catalog.search({ geometry: maize, start: DEMO_CLOUDY_DATE, end: DEMO_CLOUDY_DATE });
    await assessAcquisition(sclOnly, items, maize);
    const fresh = createCogReader();
    const cloudy = await computeSeries({
      ...{ catalog, geometry: maize, index: 'NDMI', from: DEMO_CLOUDY_DATE, to: DEMO_CLOUDY_DATE },
      reader: fresh,
    });
    expect(cloudy.points).toEqual([]);
    expect(cloudy.skipped.map((s) => s.reason)).toEqual(['CLOUDY']);
    expect(fresh.stats.requests).toBeGreaterThan(0);
    expect(fresh.stats.requests).toBe(sclOnly.stats.requests);
    expect(fresh.stats.bytes).toBe(sclOnly.stats.bytes);
  });

  it('an item lacking a band the index needs is skipped as MISSING_BAND, naming the band', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'imagery-series-'));
    dirs.push(dir);
    await cp(DEMO_CATALOG_PATH, dir, { recursive: true });
    const id = 'S2A_31SDA_20250810_0_L2A';
    const file = path.join(dir, id, `${id}.json`);
    const item = JSON.parse(await readFile(file, 'utf8')) as { assets: Record<string, unknown> };
    delete item.assets.swir16;
    delete item.assets.B11;
    await writeFile(file, JSON.stringify(item));
    const series = await computeSeries({
      catalog: createCatalog({ catalogPath: dir }),
      geometry: maize,
      index: 'NDMI',
      from: '2025-08-01',
      to: '2025-08-31',
    });
    expect(series.skipped).toContainEqual(
      expect.objectContaining({ date: '2025-08-10', sceneId: id, reason: 'MISSING_BAND', missing: ['swir16'] }),
    );
    expect(series.points.map((p) => p.date)).not.toContain('2025-08-10');
  });
});
