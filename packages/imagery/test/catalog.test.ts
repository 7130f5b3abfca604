import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CatalogUnavailableError, createCatalog, ImageryError, windowToIso } from '../src/index.ts';
import { deadUrl, startLoopback, type Loopback } from './helpers/loopback.ts';
import { clearScl, PARCEL, standardDn } from './helpers/scenes.ts';
import { serveCatalog } from './helpers/stac-stub.ts';
import { writeScene } from './helpers/synthetic.ts';

let dir: string;
let server: Loopback;
const DAYS = ['2025-05-01', '2025-05-03', '2025-05-06', '2025-05-08', '2025-05-11'];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'imagery-catalog-'));
  const dn = standardDn();
  for (const [i, day] of DAYS.entries()) {
    await writeScene(dir, {
      id: `S2A_31SFA_${day.replaceAll('-', '')}_0_L2A`,
      datetime: `${day}T10:40:00Z`,
      dn: { red: dn.red, nir: dn.nir },
      scl: clearScl(),
      offsetApplied: true,
      baseline: '05.11',
      hrefs: i === 1 ? 'absolute' : 'relative',
    });
  }
  // Noise a static catalog may contain: an item of another collection, a non-JSON file, a STAC Catalog.
  await writeScene(dir, {
    id: 'S1A_GRD_20250502',
    datetime: '2025-05-02T06:00:00Z',
    dn: {},
    scl: clearScl(),
    offsetApplied: null,
    baseline: '',
    collection: 'sentinel-1-grd',
  });
  await writeFile(path.join(dir, 'notes.json'), '{ not json');
  await writeFile(path.join(dir, 'catalog.json'), JSON.stringify({ type: 'Catalog', id: 'x', links: [] }));
  server = await startLoopback();
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => server.reset());

describe('static catalog folder', () => {
  it('finds L2A items by time and place, resolving relative and absolute asset hrefs', async () => {
    const catalog = createCatalog({ catalogPath: dir });
    const items = await catalog.search({ geometry: PARCEL, start: '2025-05-02', end: '2025-05-08' });
    expect(items.map((i) => i.date)).toEqual(['2025-05-03', '2025-05-06', '2025-05-08']);
    for (const item of items) {
      expect(path.isAbsolute(item.assets.red!.href)).toBe(true);
      expect(item.assets.red!.href).toBe(path.join(dir, item.id, 'B04.tif'));
    }
    const far = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [20, 20],
          [20.1, 20],
          [20.1, 20.1],
          [20, 20.1],
          [20, 20],
        ],
      ],
    };
    expect(await catalog.search({ geometry: far, start: '2025-05-01', end: '2025-05-31' })).toEqual([]);
    expect(
      (await catalog.search({ bbox: [0, 30, 10, 40], start: '2025-05-11', end: '2025-05-11' })).map((i) => i.date),
    ).toEqual(['2025-05-11']);
  });

  it('fails with CatalogUnavailableError when the folder does not exist', async () => {
    const catalog = createCatalog({ catalogPath: path.join(dir, 'missing') });
    await expect(catalog.search({ geometry: PARCEL, start: '2025-05-01', end: '2025-05-02' })).rejects.toBeInstanceOf(
      CatalogUnavailableError,
    );
  });

  it('validates the window', () => {
    expect(windowToIso('2025-05-01', '2025-05-06')).toEqual({
      startIso: '2025-05-01T00:00:00.000Z',
      endIso: '2025-05-06T23:59:59.999Z',
    });
    expect(() => windowToIso('2025-05-07', '2025-05-06')).toThrow(ImageryError);
    expect(() => windowToIso('yesterday', '2025-05-06')).toThrow(ImageryError);
  });
});

describe('STAC API', () => {
  it('pages through next links, filters foreign collections and resolves URL hrefs', async () => {
    await serveCatalog(server, dir, { pageSize: 2, foreign: true });
    const catalog = createCatalog({ stacApiUrl: `${server.url}/`, timeoutMs: 2000 });
    const items = await catalog.search({ geometry: PARCEL, start: '2025-05-01', end: '2025-05-31' });
    expect(items.map((i) => i.date)).toEqual(DAYS);
    expect(server.stats.byPath.get('/search')).toBe(3);
    expect(items.every((i) => i.assets.red!.href.startsWith(`${server.url}/files/`))).toBe(true);
    expect(items.some((i) => i.id.startsWith('S1A'))).toBe(false);
  });

  it('merges a STAC API and a static folder, each item once', async () => {
    await serveCatalog(server, dir, { pageSize: 10 });
    const catalog = createCatalog({ stacApiUrl: server.url, catalogPath: dir, timeoutMs: 2000 });
    const items = await catalog.search({ geometry: PARCEL, start: '2025-05-01', end: '2025-05-06' });
    expect(items.map((i) => i.date)).toEqual(DAYS.slice(0, 3));
    // The API's copy wins: its hrefs are URLs.
    expect(items.every((i) => i.assets.red!.href.startsWith('http://'))).toBe(true);
  });

  it('retries 503 answers and then succeeds', async () => {
    await serveCatalog(server, dir);
    server.behaviour.failFirst = 2;
    const catalog = createCatalog({ stacApiUrl: server.url, timeoutMs: 2000, retries: 2 });
    expect(await catalog.search({ geometry: PARCEL, start: '2025-05-01', end: '2025-05-31' })).toHaveLength(5);
    expect(server.stats.requests).toBe(3);
  });

  it('gives a typed error within the timeout when the API is slow', async () => {
    await serveCatalog(server, dir);
    server.behaviour.delayMs = 3000;
    const catalog = createCatalog({ stacApiUrl: server.url, timeoutMs: 200, retries: 1 });
    const started = performance.now();
    const error = await catalog
      .search({ geometry: PARCEL, start: '2025-05-01', end: '2025-05-31' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogUnavailableError);
    expect((error as Error).message).toMatch(/timed out after 200 ms/);
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('gives a typed error when the API is down', async () => {
    const catalog = createCatalog({ stacApiUrl: await deadUrl(), timeoutMs: 500, retries: 1 });
    const error = await catalog
      .search({ geometry: PARCEL, start: '2025-05-01', end: '2025-05-31' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogUnavailableError);
    expect((error as CatalogUnavailableError).code).toBe('CATALOG_UNAVAILABLE');
  });

  it('gives a typed error at once, without retrying, when the API answers garbage', async () => {
    server.behaviour.garbage = true;
    const catalog = createCatalog({ stacApiUrl: server.url, timeoutMs: 2000, retries: 3 });
    const error = await catalog
      .search({ geometry: PARCEL, start: '2025-05-01', end: '2025-05-31' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogUnavailableError);
    expect((error as Error).message).toMatch(/not JSON/);
    expect(server.stats.requests).toBe(1);
  });

  it('rejects JSON that is not a FeatureCollection', async () => {
    server.stac = () => ({ hello: 'world' });
    const catalog = createCatalog({ stacApiUrl: server.url, timeoutMs: 2000 });
    await expect(catalog.search({ geometry: PARCEL, start: '2025-05-01', end: '2025-05-31' })).rejects.toThrow(
      /not a STAC FeatureCollection/,
    );
  });
});

describe('a catalog answering malformed items', () => {
  const feature = (id: string, assets: unknown) => ({
    type: 'Feature',
    id,
    collection: 'sentinel-2-l2a',
    geometry: PARCEL,
    properties: { datetime: '2025-05-03T10:40:00Z' },
    assets,
  });
  const page = (...features: unknown[]) => ({ type: 'FeatureCollection', features, links: [] });
  const search = (catalog: ReturnType<typeof createCatalog>) =>
    catalog.search({ geometry: PARCEL, start: '2025-05-01', end: '2025-05-31' }).catch((e: unknown) => e);

  it.each([
    ['assets is a string', 'not-an-object'],
    ['assets is an array', [{ href: 'x.tif' }]],
    ['assets is null', null],
    ['no asset has an href', { red: { type: 'image/tiff' } }],
  ])('STAC API: %s → CatalogUnavailableError, not an empty answer (NO_SCENE)', async (_title, assets) => {
    server.stac = () => page(feature('S2A_BROKEN_1', assets), feature('S2A_BROKEN_2', assets));
    const error = await search(createCatalog({ stacApiUrl: server.url, timeoutMs: 2000, retries: 0 }));
    expect(error).toBeInstanceOf(CatalogUnavailableError);
    expect((error as CatalogUnavailableError).code).toBe('CATALOG_UNAVAILABLE');
    expect((error as Error).message).toMatch(/malformed STAC items only: item "S2A_BROKEN_1".*\(and 1 more\)/);
  });

  it('STAC API: an item without a valid datetime is malformed too', async () => {
    server.stac = () => page({ ...feature('S2A_NO_TIME', {}), properties: { datetime: 'yesterday' } });
    const error = await search(createCatalog({ stacApiUrl: server.url, timeoutMs: 2000, retries: 0 }));
    expect(error).toBeInstanceOf(CatalogUnavailableError);
    expect((error as Error).message).toMatch(/no valid datetime/);
  });

  it('STAC API: usable items next to a malformed one are still answered', async () => {
    const good = await serveCatalog(server, dir, { pageSize: 100 });
    const answer = server.stac!;
    server.stac = (body, base) => {
      const served = answer(body, base) as { features: unknown[] };
      return { ...served, features: [feature('S2A_BROKEN', 'x'), ...served.features] };
    };
    const items = await search(createCatalog({ stacApiUrl: server.url, timeoutMs: 2000 }));
    const l2a = good.filter((i) => i.collection === 'sentinel-2-l2a').map((i) => i.id);
    expect(l2a).toHaveLength(DAYS.length);
    expect((items as Array<{ id: string }>).map((i) => i.id)).toEqual(l2a);
  });

  it('STAC API: an empty answer stays an empty answer', async () => {
    server.stac = () => page();
    expect(await search(createCatalog({ stacApiUrl: server.url, timeoutMs: 2000 }))).toEqual([]);
  });

  it('static folder: a malformed item in the window → CatalogUnavailableError; outside it, an empty answer', async () => {
    const brokenDir = await mkdtemp(path.join(tmpdir(), 'imagery-broken-'));
    try {
      await writeFile(path.join(brokenDir, 'item.json'), JSON.stringify(feature('S2A_BROKEN', 'not-an-object')));
      const catalog = createCatalog({ catalogPath: brokenDir });
      const error = await search(catalog);
      expect(error).toBeInstanceOf(CatalogUnavailableError);
      expect((error as Error).message).toMatch(/item\.json: item "S2A_BROKEN": assets is not an object/);
      expect(await catalog.search({ geometry: PARCEL, start: '2025-06-01', end: '2025-06-05' })).toEqual([]);
    } finally {
      await rm(brokenDir, { recursive: true, force: true });
    }
  });
});

describe('static catalog with URL hrefs', () => {
  it('reads items whose assets point to a server', async () => {
    const urlDir = await mkdtemp(path.join(tmpdir(), 'imagery-urls-'));
    try {
      await mkdir(urlDir, { recursive: true });
      await writeScene(urlDir, {
        id: 'S2B_31SFA_20250520_0_L2A',
        datetime: '2025-05-20T10:40:00Z',
        dn: { red: standardDn().red, nir: standardDn().nir },
        scl: clearScl(),
        offsetApplied: true,
        baseline: '05.11',
        hrefs: (file) => `${server.url}/files/${file}`,
      });
      const [item] = await createCatalog({ catalogPath: urlDir }).search({
        geometry: PARCEL,
        start: '2025-05-20',
        end: '2025-05-20',
      });
      expect(item!.assets.nir!.href).toBe(`${server.url}/files/S2B_31SFA_20250520_0_L2A/B08.tif`);
    } finally {
      await rm(urlDir, { recursive: true, force: true });
    }
  });
});
