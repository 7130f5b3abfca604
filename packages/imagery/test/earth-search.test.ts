import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog, parseItem, parseSearchPage, reflectanceDnOffset } from '../src/index.ts';
import { HAS_S2_FIXTURES, S2_FIXTURES, noteIfMissing } from './helpers/fixtures.ts';
import { startLoopback, type Loopback } from './helpers/loopback.ts';

noteIfMissing('Earth Search items and search pages');
const DIR = path.join(S2_FIXTURES, 'earth-search-items');
const json = (file: string) => JSON.parse(readFileSync(path.join(DIR, file), 'utf8')) as Record<string, unknown>;

describe.skipIf(!HAS_S2_FIXTURES)('real Earth Search v1 answers', () => {
  const itemFiles = HAS_S2_FIXTURES ? readdirSync(DIR).filter((f) => /^S2[AB]_.*_L2A\.json$/.test(f)) : [];

  it('parses every real item with its offset rule', () => {
    expect(itemFiles.length).toBeGreaterThanOrEqual(9);
    for (const file of itemFiles) {
      const raw = json(file);
      const item = parseItem(raw, path.join(DIR, file));
      expect(item, file).not.toBeNull();
      const props = raw.properties as Record<string, unknown>;
      expect(item!.id).toBe(raw.id);
      expect(item!.epsg).toBe(props['proj:epsg']);
      expect(item!.assets.red?.href).toMatch(/^https:\/\/sentinel-cogs\..*\/B04\.tif$/);
      expect(item!.assets.scl?.href).toMatch(/SCL\.tif$/);
      expect(item!.assets.nir08?.href).toMatch(/B8A\.tif$/);
      // raster:bands still says offset −0.1 on the flagged items: the flag wins, DN/10000.
      const expected =
        props['earthsearch:boa_offset_applied'] === true ? 0 : Number(props['s2:processing_baseline']) >= 4 ? 1000 : 0;
      expect(item!.dnOffset, file).toBe(expected);
    }
  });

  it('applies the offset rule both ways on the real properties', () => {
    const flagged = parseItem(json('S2A_13TDE_20231008_0_L2A.json'), null)!;
    expect(flagged.boaOffsetApplied).toBe(true);
    expect(flagged.processingBaseline).toBe('05.09');
    expect(flagged.dnOffset).toBe(0);
    const old = parseItem(json('S2B_31QGB_20200831_0_L2A.json'), null)!;
    expect(old.boaOffsetApplied).toBe(false);
    expect(old.processingBaseline).toBe('02.14');
    expect(old.dnOffset).toBe(0);
    // The same modern baseline without the flag must subtract 1000 (the bug is applying it twice).
    expect(reflectanceDnOffset({ boaOffsetApplied: false, processingBaseline: '05.09' })).toBe(1000);
    expect(reflectanceDnOffset({ boaOffsetApplied: null, processingBaseline: '04.00' })).toBe(1000);
    expect(reflectanceDnOffset({ boaOffsetApplied: null, processingBaseline: '03.01' })).toBe(0);
    expect(reflectanceDnOffset({ boaOffsetApplied: null, processingBaseline: null })).toBe(0);
  });

  it('parses every recorded search page, keeps both Sentinel-2 L2A collections and drops the others', () => {
    const pages = readdirSync(DIR).filter((f) => f.startsWith('earthsearch_v1_') && !f.endsWith('.request.json'));
    expect(pages.length).toBe(4);
    let c1Count = 0;
    for (const file of pages) {
      const raw = json(file);
      const { items } = parseSearchPage(raw, 'https://earth-search.aws.element84.com/v1/search', 'test');
      const features = raw.features as Array<Record<string, unknown>>;
      const kept = features.filter((f) => f.collection === 'sentinel-2-l2a' || f.collection === 'sentinel-2-c1-l2a');
      expect(
        items.map((i) => i.id),
        file,
      ).toEqual(kept.map((f) => f.id));
      c1Count += items.filter((i) => i.collection === 'sentinel-2-c1-l2a').length;
      // Only the L2A collection when configured so.
      const { items: l2aOnly } = parseSearchPage(raw, null, 'test', ['sentinel-2-l2a']);
      expect(l2aOnly.every((i) => i.collection === 'sentinel-2-l2a')).toBe(true);
    }
    expect(c1Count).toBe(6);
    const mixed = json('earthsearch_v1_search_test_multiple_collections_page1.json');
    const { items } = parseSearchPage(mixed, null, 'test');
    expect(items.map((i) => i.id)).toEqual(['S2A_13TDE_20231008_0_L2A']);
  });

  it('reads a real Collection 1 item: asset keys, raster:bands offset, baseline, tile, sequence', () => {
    const page = json('earthsearch_v1_search_TestCLISearch.test_filter_page2.json');
    const features = page.features as Array<Record<string, unknown>>;
    const c1Raw = features.find((f) => f.id === 'S2B_T24MWV_20250731T130245_L2A')!;
    const l2aRaw = features.find((f) => f.id === 'S2B_24MWV_20250731_0_L2A')!;
    const c1 = parseItem(c1Raw, null)!;
    const l2a = parseItem(l2aRaw, null)!;
    expect(c1.collection).toBe('sentinel-2-c1-l2a');
    expect(c1.processingBaseline).toBe('05.11');
    expect(c1.boaOffsetApplied).toBeNull();
    // C1: reflectance = DN × 0.0001 − 0.1, i.e. (DN − 1000) / 10000, from raster:bands.
    expect([c1.dnOffset, c1.offsetSource]).toEqual([1000, 'raster:bands']);
    expect(c1.assets.red).toMatchObject({ scale: 0.0001, offset: -0.1 });
    expect(c1.assets.red!.href).toMatch(/sentinel-2-c1-l2a\/24\/M\/WV\/.*\/B04\.tif$/);
    for (const key of ['blue', 'green', 'nir', 'rededge1', 'nir08', 'swir16', 'swir22', 'scl'])
      expect(c1.assets[key], key).toBeDefined();
    expect([c1.gridCode, c1.epsg, c1.sequence]).toEqual(['MGRS-24MWV', 32724, 0]);
    // The original collection's copy of the same acquisition: the flag wins over its stale raster:bands.
    expect([l2a.dnOffset, l2a.offsetSource]).toEqual([0, 'baseline']);
    expect(l2a.datetime).toBe(c1.datetime);
    // Without the flag and with no raster:bands, the baseline rule still applies.
    const bare = structuredClone(c1Raw) as { assets: Record<string, Record<string, unknown>> };
    for (const asset of Object.values(bare.assets)) delete asset['raster:bands'];
    expect([parseItem(bare, null)!.dnOffset, parseItem(bare, null)!.offsetSource]).toEqual([1000, 'baseline']);
    // raster:bands saying offset 0 (as a C1 item of baseline < 04.00 data would be written) → no offset.
    const zero = structuredClone(c1Raw) as { assets: Record<string, { 'raster:bands'?: Array<{ offset?: number }> }> };
    for (const asset of Object.values(zero.assets)) for (const band of asset['raster:bands'] ?? []) band.offset = 0;
    expect(parseItem(zero, null)!.dnOffset).toBe(0);
  });

  describe('paging through a loopback replay of the recorded pages', () => {
    let server: Loopback;
    const bodies: Array<Record<string, unknown>> = [];
    beforeAll(async () => {
      server = await startLoopback();
      const page1 = json('earthsearch_v1_search_TestCLISearch.test_filter_page1.json');
      const page2 = json('earthsearch_v1_search_TestCLISearch.test_filter_page2.json');
      const token1 = ((page1.links as Array<Record<string, unknown>>)[0]!.body as { next: string }).next;
      const rewrite = (page: Record<string, unknown>, base: string, last: boolean) => ({
        ...page,
        links: (page.links as Array<Record<string, unknown>>)
          .filter((l) => !(last && l.rel === 'next'))
          .map((l) => ({ ...l, href: `${base}/v1/search` })),
      });
      server.stac = (body, base) => {
        bodies.push(body);
        return body.next === token1 ? rewrite(page2, base, true) : rewrite(page1, base, false);
      };
    });
    afterAll(() => server.close());

    it('follows the POST next link and answers each acquisition once, from Collection 1', async () => {
      bodies.length = 0;
      const catalog = createCatalog({ stacApiUrl: `${server.url}/v1`, timeoutMs: 2000 });
      const items = await catalog.search({ bbox: [-180, -90, 180, 90], start: '2025-07-01', end: '2025-08-01' });
      expect(bodies).toHaveLength(2);
      expect(bodies[0]).toMatchObject({
        collections: ['sentinel-2-c1-l2a', 'sentinel-2-l2a'],
        datetime: '2025-07-01T00:00:00.000Z/2025-08-01T23:59:59.999Z',
      });
      // Six tiles, each in both collections (24MVV's two copies on different pages): the C1 copy each time.
      expect(items.map((i) => i.id).sort()).toEqual(
        [
          'S2B_T20EPT_20250731T131905_L2A',
          'S2B_T24MUV_20250731T130245_L2A',
          'S2B_T24MVV_20250731T130245_L2A',
          'S2B_T24MWV_20250731T130245_L2A',
          'S2B_T24MXV_20250731T130245_L2A',
          'S2B_T24MUA_20250731T130245_L2A',
        ].sort(),
      );
      expect(items.every((i) => i.dnOffset === 1000 && i.offsetSource === 'raster:bands')).toBe(true);
    });

    it('with collections [sentinel-2-l2a] configured, keeps only sentinel-2-l2a items', async () => {
      bodies.length = 0;
      const catalog = createCatalog({
        stacApiUrl: `${server.url}/v1`,
        timeoutMs: 2000,
        collections: ['sentinel-2-l2a'],
      });
      const items = await catalog.search({ bbox: [-180, -90, 180, 90], start: '2025-07-01', end: '2025-08-01' });
      expect(bodies).toHaveLength(2);
      expect(bodies[0]).toMatchObject({
        collections: ['sentinel-2-l2a'],
        datetime: '2025-07-01T00:00:00.000Z/2025-08-01T23:59:59.999Z',
      });
      expect(bodies[1]).toEqual({
        next: '2025-07-31T13:03:25.899000Z,S2B_T24MVV_20250731T130245_L2A,sentinel-2-c1-l2a',
      });
      expect(items.map((i) => i.id).sort()).toEqual(
        [
          'S2B_20EPT_20250731_0_L2A',
          'S2B_24MUV_20250731_0_L2A',
          'S2B_24MVV_20250731_0_L2A',
          'S2B_24MWV_20250731_0_L2A',
          'S2B_24MXV_20250731_0_L2A',
          'S2B_24MUA_20250731_0_L2A',
        ].sort(),
      );
      expect(items.every((i) => i.dnOffset === 0 && i.boaOffsetApplied === true)).toBe(true);
    });
  });
});
