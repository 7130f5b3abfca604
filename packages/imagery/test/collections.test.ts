import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEMO_DATES, DEMO_FIELDS } from '@filaha/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CatalogUnavailableError,
  DEMO_CATALOG_PATH,
  computeIndexMap,
  createCatalog,
  parseItem,
  type Catalog,
} from '../src/index.ts';
import { HAS_S2_FIXTURES, S2_FIXTURES, noteIfMissing } from './helpers/fixtures.ts';
import { startLoopback, type Loopback } from './helpers/loopback.ts';

/**
 * Earth Search's Collection 1 (sentinel-2-c1-l2a) next to the original sentinel-2-l2a: the demo acquisitions
 * are republished as C1 items written on the real C1 item layout (the recorded search answer's
 * S2B_T24MWV_20250731T130245_L2A), pointing at the same COGs, with the offset that the L2A item's baseline
 * rule gives declared in raster:bands as C1 does. L2A-only, C1-only and both-collections catalogs must give
 * the same numbers.
 */
noteIfMissing('Collection 1 items (template: the recorded Earth Search search page)');

type Json = Record<string, unknown>;
const polygon = (ring: Array<[number, number]>) => ({ type: 'Polygon' as const, coordinates: [ring] });
const field = (key: string) => DEMO_FIELDS.find((f) => f.key === key)!;
/** The demo season's acquisitions in August 2025: the ones republished here. */
const AUGUST = DEMO_DATES.filter((d) => d.startsWith('2025-08'));

async function demoItems(): Promise<Array<{ raw: Json; dir: string }>> {
  const items: Array<{ raw: Json; dir: string }> = [];
  const august = (await readdir(DEMO_CATALOG_PATH, { withFileTypes: true })).filter(
    (e) => e.isDirectory() && e.name.includes('_202508'),
  );
  for (const entry of august) {
    const dir = path.join(DEMO_CATALOG_PATH, entry.name);
    const raw = JSON.parse(await readFile(path.join(dir, `${entry.name}.json`), 'utf8')) as Json;
    items.push({ raw, dir });
  }
  return items;
}

/** The demo L2A item with absolute hrefs (so that it can live in any folder). */
function l2aCopy({ raw, dir }: { raw: Json; dir: string }): Json {
  const copy = structuredClone(raw) as Json & { assets: Record<string, Json> };
  for (const asset of Object.values(copy.assets)) asset.href = path.resolve(dir, asset.href as string);
  return copy;
}

/** The same acquisition as a Collection 1 item: C1 template, demo geometry, time, grid and COGs. */
function c1Copy(template: Json, demo: { raw: Json; dir: string }): Json {
  const l2a = parseItem(demo.raw, path.join(demo.dir, 'item.json'))!;
  const raw = demo.raw as Json & { properties: Json; assets: Record<string, Json> };
  const c1 = structuredClone(template) as Json & { properties: Json; assets: Record<string, Json> };
  const stamp = l2a.datetime.replace(/[-:]/g, '').slice(0, 15); // 20250812T104012
  const tile = (raw.properties['grid:code'] as string).replace('MGRS-', '');
  c1.id = `${l2a.id.slice(0, 3)}_T${tile}_${stamp}_L2A`;
  c1.bbox = raw.bbox;
  c1.geometry = raw.geometry;
  c1.properties = {
    ...c1.properties,
    datetime: raw.properties.datetime,
    platform: raw.properties.platform,
    'eo:cloud_cover': raw.properties['eo:cloud_cover'],
    'proj:epsg': raw.properties['proj:epsg'],
    'grid:code': raw.properties['grid:code'],
    'mgrs:utm_zone': raw.properties['mgrs:utm_zone'],
    'mgrs:latitude_band': raw.properties['mgrs:latitude_band'],
    'mgrs:grid_square': raw.properties['mgrs:grid_square'],
    's2:processing_baseline': raw.properties['s2:processing_baseline'],
  };
  const assets: Record<string, Json> = {};
  for (const [key, demoAsset] of Object.entries(raw.assets)) {
    const asset = structuredClone(c1.assets[key]!) as Json & { 'raster:bands': Json[] };
    asset.href = path.resolve(demo.dir, demoAsset.href as string);
    asset['proj:shape'] = demoAsset['proj:shape'];
    asset['proj:transform'] = demoAsset['proj:transform'];
    if (key !== 'scl') asset['raster:bands'] = [{ ...asset['raster:bands'][0], offset: -l2a.dnOffset / 10_000 }];
    assets[key] = asset;
  }
  c1.assets = assets;
  return c1;
}

async function writeCatalog(root: string, name: string, items: Json[]): Promise<string> {
  const dir = path.join(root, name);
  await mkdir(dir, { recursive: true });
  for (const item of items) await writeFile(path.join(dir, `${item.id as string}.json`), JSON.stringify(item));
  return dir;
}

describe.skipIf(!HAS_S2_FIXTURES)('Collection 1 and the original L2A collection', () => {
  let root: string;
  let template: Json;
  let l2aItems: Json[];
  let c1Items: Json[];
  let catalogs: Record<'l2a' | 'c1' | 'both', Catalog>;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'imagery-c1-'));
    const page = JSON.parse(
      await readFile(
        path.join(S2_FIXTURES, 'earth-search-items', 'earthsearch_v1_search_TestCLISearch.test_filter_page2.json'),
        'utf8',
      ),
    ) as { features: Json[] };
    template = page.features.find((f) => f.id === 'S2B_T24MWV_20250731T130245_L2A')!;
    const demos = await demoItems();
    l2aItems = demos.map(l2aCopy);
    c1Items = demos.map((d) => c1Copy(template, d));
    catalogs = {
      l2a: createCatalog({ catalogPath: await writeCatalog(root, 'l2a', l2aItems) }),
      c1: createCatalog({ catalogPath: await writeCatalog(root, 'c1', c1Items) }),
      both: createCatalog({ catalogPath: await writeCatalog(root, 'both', [...l2aItems, ...c1Items]) }),
    };
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('the C1 copies are read as C1: offset from raster:bands, equal to the L2A baseline rule', async () => {
    const c1 = await catalogs.c1.search({ start: '2025-08-01', end: '2025-08-31' });
    const l2a = await catalogs.l2a.search({ start: '2025-08-01', end: '2025-08-31' });
    expect(c1).toHaveLength(AUGUST.length);
    expect(c1.every((i) => i.collection === 'sentinel-2-c1-l2a' && i.offsetSource === 'raster:bands')).toBe(true);
    expect(l2a.every((i) => i.collection === 'sentinel-2-l2a' && i.offsetSource === 'baseline')).toBe(true);
    expect(c1.map((i) => [i.datetime, i.dnOffset])).toEqual(l2a.map((i) => [i.datetime, i.dnOffset]));
    // Both conventions are exercised: the baseline rule alone (05.11 → 1000) would be wrong on half the C1 copies.
    expect(new Set(c1.map((i) => i.dnOffset))).toEqual(new Set([0, 1000]));
    // Both collections: each acquisition once, the C1 copy.
    const both = await catalogs.both.search({ start: '2025-08-01', end: '2025-08-31' });
    expect(both.map((i) => i.id)).toEqual(c1.map((i) => i.id));
  });

  it('a C1-only and a both-collections catalog give the same result as the L2A one', async () => {
    const cases: Array<{ key: string; index: string; start: string; end: string }> = [
      { key: 'maize', index: 'NDVI', start: '2025-08-10', end: '2025-08-10' }, // L2A flag true: offset 0
      { key: 'citrus', index: 'NDVI', start: '2025-08-12', end: '2025-08-12' }, // flag false, 05.11: 1000
      { key: 'bare', index: 'NDMI', start: '2025-08-17', end: '2025-08-17' }, // 20 m band, offset 1000
      { key: 'reservoir', index: 'NDWI', start: '2025-08-14', end: '2025-08-19' }, // scene choice over 3 dates
    ];
    for (const c of cases) {
      const request = { geometry: polygon(field(c.key).ring), index: c.index, start: c.start, end: c.end };
      const [l2a, c1, both] = await Promise.all([
        computeIndexMap({ catalog: catalogs.l2a, ...request }),
        computeIndexMap({ catalog: catalogs.c1, ...request }),
        computeIndexMap({ catalog: catalogs.both, ...request }),
      ]);
      const label = `${c.key} ${c.index} ${c.start}`;
      expect(l2a.stats.count, label).toBeGreaterThan(100);
      expect(c1.stats, label).toEqual(l2a.stats);
      expect(both.stats, label).toEqual(l2a.stats);
      expect(c1.scene.datetime, label).toBe(l2a.scene.datetime);
      expect(both.scene.id, label).toBe(c1.scene.id);
      expect(c1.scene.id, label).toMatch(/^S2[ABC]_T31SDA_\d{8}T\d{6}_L2A$/);
      expect(c1.scene.dnOffset, label).toBe(l2a.scene.dnOffset);
      expect(c1.candidates.map((x) => [x.datetime, x.validFraction])).toEqual(
        l2a.candidates.map((x) => [x.datetime, x.validFraction]),
      );
      expect(Buffer.compare(c1.png, l2a.png), label).toBe(0);
    }
  });

  it('prefers a reprocessed item (_1_L2A) over the original, and C1 over both', async () => {
    const original = l2aItems.find((i) => i.id === 'S2B_31SDA_20250812_0_L2A')!;
    const reprocessed = { ...structuredClone(original), id: 'S2B_31SDA_20250812_1_L2A' };
    const l2aDir = await writeCatalog(root, 'reprocessed', [original, reprocessed]);
    const window = { start: '2025-08-12', end: '2025-08-12' };
    const l2aOnly = await createCatalog({ catalogPath: l2aDir }).search(window);
    expect(l2aOnly.map((i) => i.id)).toEqual(['S2B_31SDA_20250812_1_L2A']);
    const c1 = c1Items.find((i) => (i.id as string).startsWith('S2B_T31SDA_20250812'))!;
    const withC1 = await writeCatalog(root, 'reprocessed-c1', [original, reprocessed, c1]);
    expect((await createCatalog({ catalogPath: withC1 }).search(window)).map((i) => i.id)).toEqual([c1.id]);
    // The preference follows the configured order.
    const l2aFirst = createCatalog({ catalogPath: withC1, collections: ['sentinel-2-l2a', 'sentinel-2-c1-l2a'] });
    expect((await l2aFirst.search(window)).map((i) => i.id)).toEqual(['S2B_31SDA_20250812_1_L2A']);
  });

  describe('a band asset missing from an item', () => {
    const citrus = { geometry: polygon(field('citrus').ring), index: 'NDVI', start: '2025-08-15', end: '2025-08-15' };
    const withoutNir = (item: Json) => {
      const copy = structuredClone(item) as Json & { assets: Record<string, Json> };
      delete copy.assets.nir;
      return copy;
    };

    it('skips that item with a warning and uses the next copy of the acquisition', async () => {
      const c1 = c1Items.map((i) => ((i.id as string).includes('20250815') ? withoutNir(i) : i));
      const dir = await writeCatalog(root, 'missing-nir-both', [...l2aItems, ...c1]);
      const warnings: string[] = [];
      const result = await computeIndexMap({
        catalog: createCatalog({ catalogPath: dir }),
        ...citrus,
        warn: (m) => warnings.push(m),
      });
      expect(result.scene.id).toBe('S2C_31SDA_20250815_0_L2A');
      const reference = await computeIndexMap({ catalog: catalogs.l2a, ...citrus, warn: () => undefined });
      expect(result.stats).toEqual(reference.stats);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/S2C_T31SDA_20250815T\d{6}_L2A.*\bnir\b/);
    });

    it('none usable → CatalogUnavailableError (503) naming the missing band, not NO_SCENE', async () => {
      const c1 = c1Items.map(withoutNir);
      const dir = await writeCatalog(root, 'missing-nir-c1', c1);
      const warnings: string[] = [];
      const error = await computeIndexMap({
        catalog: createCatalog({ catalogPath: dir }),
        ...citrus,
        warn: (m) => warnings.push(m),
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CatalogUnavailableError);
      expect((error as CatalogUnavailableError).code).toBe('CATALOG_UNAVAILABLE');
      expect((error as Error).message).toMatch(/missing band asset 'nir'/);
      expect(warnings.length).toBeGreaterThanOrEqual(1);
    });

    it('only the indices needing the missing band are refused', async () => {
      const withoutSwir = (item: Json) => {
        const copy = structuredClone(item) as Json & { assets: Record<string, Json> };
        delete copy.assets.swir16;
        return copy;
      };
      const catalog = createCatalog({
        catalogPath: await writeCatalog(root, 'missing-swir', c1Items.map(withoutSwir)),
      });
      const ndvi = await computeIndexMap({ catalog, ...citrus, warn: () => undefined });
      expect(ndvi.stats.count).toBeGreaterThan(100);
      const ndmi = await computeIndexMap({ catalog, ...citrus, index: 'NDMI', warn: () => undefined }).catch(
        (e: unknown) => e,
      );
      expect((ndmi as Error).message).toMatch(/missing band asset 'swir16'/);
    });
  });

  describe('a STAC API answering both collections', () => {
    let server: Loopback;
    const bodies: Json[] = [];
    beforeAll(async () => {
      server = await startLoopback();
      // The API answers the L2A copies first, C1 afterwards, across two pages.
      server.stac = (body, base) => {
        bodies.push(body);
        const second = body.page === 2;
        // file:// hrefs: an absolute path would resolve against the item's https self link.
        const [start, end] = String(body.datetime)
          .split('/')
          .map((t) => Date.parse(t));
        const inWindow = (item: Json) => {
          const t = Date.parse((item.properties as Json).datetime as string);
          return t >= start! && t <= end!;
        };
        const features = (second ? c1Items : l2aItems).filter(inWindow).map((item) => {
          const copy = structuredClone(item) as Json & { assets: Record<string, Json> };
          for (const asset of Object.values(copy.assets)) asset.href = pathToFileURL(asset.href as string).href;
          return copy;
        });
        const links = second
          ? []
          : [{ rel: 'next', href: `${base}/search`, method: 'POST', body: { page: 2 }, merge: true }];
        return { type: 'FeatureCollection', features, links };
      };
    });
    afterAll(() => server.close());

    it('asks for the collections in the configured order and answers each acquisition once, from C1', async () => {
      const catalog = createCatalog({ stacApiUrl: server.url, timeoutMs: 2000 });
      const items = await catalog.search({ start: '2025-08-01', end: '2025-08-31' });
      expect(bodies[0]!.collections).toEqual(['sentinel-2-c1-l2a', 'sentinel-2-l2a']);
      expect(items.map((i) => i.id).sort()).toEqual(c1Items.map((i) => i.id as string).sort());
      const result = await computeIndexMap({
        catalog,
        geometry: polygon(field('maize').ring),
        index: 'NDVI',
        start: '2025-08-12',
        end: '2025-08-12',
      });
      const reference = await computeIndexMap({
        catalog: catalogs.l2a,
        geometry: polygon(field('maize').ring),
        index: 'NDVI',
        start: '2025-08-12',
        end: '2025-08-12',
      });
      expect(result.stats).toEqual(reference.stats);

      bodies.length = 0;
      const configured = createCatalog({
        stacApiUrl: server.url,
        timeoutMs: 2000,
        collections: ['sentinel-2-l2a', 'sentinel-2-c1-l2a'],
      });
      const l2aFirst = await configured.search({ start: '2025-08-01', end: '2025-08-31' });
      expect(bodies[0]!.collections).toEqual(['sentinel-2-l2a', 'sentinel-2-c1-l2a']);
      expect(l2aFirst.map((i) => i.id).sort()).toEqual(l2aItems.map((i) => i.id as string).sort());
    });
  });
});
