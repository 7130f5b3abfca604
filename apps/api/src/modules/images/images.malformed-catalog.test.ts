import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json, type TestApp } from '../../../test/helper.ts';
import { createFarmer, createParcel, generate, resultCount, usageOf } from './test-support/fixtures.ts';
import { itemOverDemoArea, startStacStub, type StacStub } from './test-support/stac-stub.ts';

/**
 * Issue 11 §2: a STAC API whose items are malformed (`assets` not an object) is an unusable catalog — 503
 * CATALOG_UNAVAILABLE, nothing charged —, not "no acquisition in the period" (404 NO_SCENE).
 */
let stac: StacStub;
let t: TestApp;

beforeAll(async () => {
  const items = ['S2A_BROKEN_20250815', 'S2B_BROKEN_20250817'].map((id) =>
    itemOverDemoArea({
      id,
      collection: 'sentinel-2-l2a',
      properties: { datetime: '2025-08-15T10:40:00Z', 'eo:cloud_cover': 1 },
      assets: 'not-an-object',
    }),
  );
  stac = await startStacStub(() => items);
  t = await buildTestApp({ STAC_API_URL: stac.url });
});
afterAll(async () => {
  await t?.close();
  await stac.close();
});

describe('a STAC API answering malformed items', () => {
  it('is 503 CATALOG_UNAVAILABLE, and nothing is charged', async () => {
    const farmer = await createFarmer(t);
    const parcel = await createParcel(t, farmer.userId);
    const res = await generate(t, farmer, 'NDVI', { parcelle_id: parcel.id });
    expect(res.statusCode, res.body).toBe(503);
    expect(json(res)).toMatchObject({ code: 'CATALOG_UNAVAILABLE' });
    expect(await usageOf(t, farmer.subscriptionId!, 'NDVI')).toEqual({ used: 0, total: 6 });
    expect(await resultCount(t, farmer.userId)).toBe(0);
  });
});
