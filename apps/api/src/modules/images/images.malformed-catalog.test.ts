import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json, type TestApp } from '../../../test/helper.ts';
import { createFarmer, createParcel, generate, resultCount, usageOf } from './test-support/fixtures.ts';

/**
 * Issue 11 §2: a STAC API whose items are malformed (`assets` not an object) is an unusable catalog — 503
 * CATALOG_UNAVAILABLE, nothing charged —, not "no acquisition in the period" (404 NO_SCENE).
 */
let server: Server;
let t: TestApp;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const features = ['S2A_BROKEN_20250815', 'S2B_BROKEN_20250817'].map((id) => ({
        type: 'Feature',
        stac_version: '1.0.0',
        id,
        collection: 'sentinel-2-l2a',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [2, 36],
              [4, 36],
              [4, 37],
              [2, 37],
              [2, 36],
            ],
          ],
        },
        bbox: [2, 36, 4, 37],
        properties: { datetime: '2025-08-15T10:40:00Z', 'eo:cloud_cover': 1 },
        assets: 'not-an-object',
        links: [],
      }));
      response.writeHead(200, { 'content-type': 'application/geo+json' });
      response.end(JSON.stringify({ type: 'FeatureCollection', features, links: [] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  t = await buildTestApp({ STAC_API_URL: `http://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server.close(resolve));
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
