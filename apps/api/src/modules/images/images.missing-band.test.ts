import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json, type TestApp } from '../../../test/helper.ts';
import { createFarmer, createParcel, generate, resultCount, usageOf } from './test-support/fixtures.ts';
import { itemOverDemoArea, startStacStub, type StacStub } from './test-support/stac-stub.ts';

/**
 * Issue 12 §1 and §4: the API searches STAC_COLLECTIONS (default Collection 1 first, then the original L2A),
 * and a catalog whose only items lack a band asset the index needs is a catalog defect — 503
 * CATALOG_UNAVAILABLE, nothing charged —, not "no acquisition in the period" (404 NO_SCENE).
 */
let stac: StacStub;
const bodies: Array<Record<string, unknown>> = [];

const asset = (file: string) => ({
  href: `https://example.invalid/S2B_T31SDA_20250815T104013_L2A/${file}`,
  'raster:bands': [{ nodata: 0, data_type: 'uint16', scale: 0.0001, offset: -0.1 }],
});
// A Collection 1 item over the parcel, without its `nir` asset (B08).
const item = itemOverDemoArea({
  id: 'S2B_T31SDA_20250815T104013_L2A',
  collection: 'sentinel-2-c1-l2a',
  properties: {
    datetime: '2025-08-15T10:40:13Z',
    platform: 'sentinel-2b',
    'eo:cloud_cover': 1,
    'proj:epsg': 32631,
    'grid:code': 'MGRS-31SDA',
    's2:processing_baseline': '05.11',
  },
  assets: { red: asset('B04.tif'), green: asset('B03.tif'), scl: { href: asset('SCL.tif').href } },
});

beforeAll(async () => {
  stac = await startStacStub((body) => {
    bodies.push(body);
    const collections = (body.collections as string[] | undefined) ?? [];
    return collections.includes(item.collection) ? [item] : [];
  });
});
afterAll(() => stac.close());

describe('a STAC API whose only item lacks a band asset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ STAC_API_URL: stac.url });
  });
  afterAll(() => t?.close());

  it('searches both collections, C1 first, and answers 503 CATALOG_UNAVAILABLE; nothing is charged', async () => {
    bodies.length = 0;
    const farmer = await createFarmer(t);
    const parcel = await createParcel(t, farmer.userId);
    const res = await generate(t, farmer, 'NDVI', { parcelle_id: parcel.id });
    expect(bodies[0]?.collections).toEqual(['sentinel-2-c1-l2a', 'sentinel-2-l2a']);
    expect(res.statusCode, res.body).toBe(503);
    expect(json(res)).toMatchObject({ code: 'CATALOG_UNAVAILABLE' });
    expect(await usageOf(t, farmer.subscriptionId!, 'NDVI')).toEqual({ used: 0, total: 6 });
    expect(await resultCount(t, farmer.userId)).toBe(0);
  });
});

describe('STAC_COLLECTIONS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ STAC_API_URL: stac.url, STAC_COLLECTIONS: 'sentinel-2-l2a' });
  });
  afterAll(() => t?.close());

  it('is the list the engine asks the STAC API for (here the original collection only: no scene)', async () => {
    bodies.length = 0;
    const farmer = await createFarmer(t);
    const parcel = await createParcel(t, farmer.userId);
    const res = await generate(t, farmer, 'NDVI', { parcelle_id: parcel.id });
    expect(bodies[0]?.collections).toEqual(['sentinel-2-l2a']);
    expect(res.statusCode, res.body).toBe(404);
    expect(json(res)).toMatchObject({ code: 'NO_SCENE' });
  });
});
