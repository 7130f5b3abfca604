import { createCatalog, DEMO_CATALOG_PATH, type Catalog } from '@filaha/imagery';
import { DEMO_FIELDS } from '@filaha/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { findLatestAcquisition, findLatestClear, windowFor } from './images.latest.ts';
import { createFarmer, createParcel, resultCount, usageOf, type Farmer } from './test-support/fixtures.ts';

/**
 * GET /api/images/latest-acquisition and /api/images/latest-clear on the embedded demo catalog (the 2025 season:
 * every 5 days from 2025-02-01 to 2025-10-29, plus 2025-08-12 and 2025-08-17 — clouded over the farm fields):
 * the farm map's default window and its "latest clear image" button. Free, farmer only, own parcel only.
 */
const t = useTestApp();
const citrus = DEMO_FIELDS.find((f) => f.key === 'citrus')!;
const geometry = { type: 'Polygon' as const, coordinates: [citrus.ring] };

let farmer: Farmer;
let other: Farmer;
let parcelId: number;
beforeAll(async () => {
  farmer = await createFarmer(t.current);
  other = await createFarmer(t.current);
  parcelId = (await createParcel(t.current, farmer.userId, geometry)).id;
});

const get = (path: string, who: Pick<Farmer, 'headers'> | null, lang = 'fr') =>
  t.current.inject({
    method: 'GET',
    url: `/api/images/${path}`,
    headers: { ...(who?.headers ?? {}), 'accept-language': lang },
  });

describe('windowFor: the 6-day window the farm map opens on', () => {
  it('ends today when the latest acquisition is in the last 6 days, else on the acquisition', () => {
    expect(windowFor('2026-11-23', '2026-11-25')).toEqual({ start: '2026-11-19', end: '2026-11-25' });
    expect(windowFor('2026-11-19', '2026-11-25')).toEqual({ start: '2026-11-19', end: '2026-11-25' });
    expect(windowFor('2026-11-18', '2026-11-25')).toEqual({ start: '2026-11-12', end: '2026-11-18' });
    expect(windowFor('2025-08-25', '2026-11-25')).toEqual({ start: '2025-08-19', end: '2025-08-25' });
  });
});

describe('the engine searches behind the routes', () => {
  const demo = createCatalog({ catalogPath: DEMO_CATALOG_PATH });
  /** The demo catalog as it was on `day`: nothing acquired after it. */
  const until = (day: string): Catalog => ({
    ...demo,
    search: async (query) => (await demo.search(query)).filter((a) => a.date <= day),
  });

  it('the latest acquisition, found within 3 years when the last 60 days are empty', async () => {
    expect((await findLatestAcquisition({ catalog: demo, geometry, today: '2025-08-26' }))?.date).toBe('2025-08-25');
    expect((await findLatestAcquisition({ catalog: demo, geometry, today: '2026-11-25' }))?.date).toBe('2025-10-29');
    expect((await findLatestAcquisition({ catalog: demo, geometry, today: '2025-08-16' }))?.date).toBe('2025-08-15');
    // Before the season's first acquisition (2025-02-01): nothing in 3 years back.
    expect(await findLatestAcquisition({ catalog: demo, geometry, today: '2025-01-31' })).toBeNull();
  });

  it('latest clear: the clouded newest acquisition is skipped for the clear one before it', async () => {
    const options = { catalog: until('2025-08-17'), geometry, today: '2026-11-25' };
    const clouded = await findLatestClear({ ...options, minValidFraction: 0 });
    expect(clouded.date).toBe('2025-08-17');
    expect(clouded.validFraction).toBeLessThan(0.99);
    const clear = await findLatestClear({ ...options, minValidFraction: 0.99 });
    expect(clear).toMatchObject({
      date: '2025-08-15',
      sceneId: 'S2C_31SDA_20250815_0_L2A',
      searched: { start: '2025-06-18', end: '2025-08-17' },
    });
    expect(clear.validFraction).toBeGreaterThanOrEqual(0.99);
  });

  it('latest clear: none when no acquisition in the 60 days reaches the threshold', async () => {
    const none = await findLatestClear({
      catalog: until('2025-08-10'),
      geometry,
      today: '2025-08-12',
      minValidFraction: 1.01,
    });
    expect(none).toEqual({
      date: null,
      validFraction: null,
      sceneId: null,
      searched: { start: '2025-06-11', end: '2025-08-10' },
    });
  });
});

describe('GET /api/images/latest-acquisition', () => {
  it("answers the latest day over the farmer's parcel and the window ending on it", async () => {
    const res = await get(`latest-acquisition?parcelId=${parcelId}&index=NDVI`, farmer);
    expect(res.statusCode, res.body).toBe(200);
    // Today is after the demo's last acquisition (2025-10-29) by more than 6 days, so the window ends on it.
    expect(json(res)).toEqual({ parcelId, date: '2025-10-29', window: { start: '2025-10-23', end: '2025-10-29' } });
  });

  it("another farmer's parcel answers 404 like a missing one; other roles 403; signed out 401", async () => {
    for (const path of ['latest-acquisition', 'latest-clear']) {
      const res = await get(`${path}?parcelId=${parcelId}`, other);
      expect(res.statusCode, path).toBe(404);
      expect(json(res)).toMatchObject({ code: 'NOT_FOUND' });
      expect((await get(`${path}?parcelId=999999`, farmer)).statusCode).toBe(404);
      const seller = await t.current.createUser({ role: 'Seller' });
      expect((await get(`${path}?parcelId=${parcelId}`, seller)).statusCode).toBe(403);
      expect((await get(`${path}?parcelId=${parcelId}`, null)).statusCode).toBe(401);
    }
  });

  it('bad input: 400 VALIDATION_FAILED in the caller’s language', async () => {
    for (const query of ['', 'parcelId=abc', 'parcelId=-3', `parcelId=${parcelId}&index=XYZ`]) {
      for (const lang of ['ar', 'fr']) {
        const res = await get(`latest-acquisition?${query}`, farmer, lang);
        expect(res.statusCode, query).toBe(400);
        const body = json<{ code: string; message: string }>(res);
        expect(body.code).toBe('VALIDATION_FAILED');
        expect(/[\u0600-\u06ff]/.test(body.message), `${lang}: ${body.message}`).toBe(lang === 'ar');
      }
    }
  });
});

describe('GET /api/images/latest-clear', () => {
  it('the most recent clear acquisition, charging nothing and storing nothing', async () => {
    const res = await get(`latest-clear?parcelId=${parcelId}&index=NDVI`, farmer);
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{ date: string; validFraction: number; sceneId: string; minValidFraction: number }>(res);
    expect(body).toMatchObject({
      parcelId,
      // The season's last acquisition is clear over the citrus; the search looks 60 days back from it.
      date: '2025-10-29',
      sceneId: 'S2B_31SDA_20251029_0_L2A',
      searched: { start: '2025-08-30', end: '2025-10-29' },
    });
    expect(body.validFraction).toBeGreaterThanOrEqual(body.minValidFraction);
    expect(await usageOf(t.current, farmer.subscriptionId!, 'NDVI')).toEqual({ used: 0, total: 6 });
    expect(await resultCount(t.current, farmer.userId)).toBe(0);
  });
});
