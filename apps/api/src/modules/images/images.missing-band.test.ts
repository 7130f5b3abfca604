import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json, type TestApp } from '../../../test/helper.ts';
import { createFarmer, createParcel, generate, resultCount, usageOf } from './test-support/fixtures.ts';

/**
 * Issue 12 §1 and §4: the API searches STAC_COLLECTIONS (default Collection 1 first, then the original L2A),
 * and a catalog whose only items lack a band asset the index needs is a catalog defect — 503
 * CATALOG_UNAVAILABLE, nothing charged —, not "no acquisition in the period" (404 NO_SCENE).
 */
let server: Server;
let url: string;
const bodies: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      bodies.push(body);
      const asset = (file: string) => ({
        href: `https://example.invalid/S2B_T31SDA_20250815T104013_L2A/${file}`,
        'raster:bands': [{ nodata: 0, data_type: 'uint16', scale: 0.0001, offset: -0.1 }],
      });
      // A Collection 1 item over the parcel, without its `nir` asset (B08).
      const feature = {
        type: 'Feature',
        stac_version: '1.0.0',
        id: 'S2B_T31SDA_20250815T104013_L2A',
        collection: 'sentinel-2-c1-l2a',
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
        properties: {
          datetime: '2025-08-15T10:40:13Z',
          platform: 'sentinel-2b',
          'eo:cloud_cover': 1,
          'proj:epsg': 32631,
          'grid:code': 'MGRS-31SDA',
          's2:processing_baseline': '05.11',
        },
        assets: { red: asset('B04.tif'), green: asset('B03.tif'), scl: { href: asset('SCL.tif').href } },
        links: [],
      };
      const collections = (body.collections as string[] | undefined) ?? [];
      const features = collections.includes(feature.collection) ? [feature] : [];
      response.writeHead(200, { 'content-type': 'application/geo+json' });
      response.end(JSON.stringify({ type: 'FeatureCollection', features, links: [] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('a STAC API whose only item lacks a band asset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ STAC_API_URL: url });
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
    t = await buildTestApp({ STAC_API_URL: url, STAC_COLLECTIONS: 'sentinel-2-l2a' });
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
