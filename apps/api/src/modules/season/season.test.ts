import { DEMO_CLOUDY_DATE, DEMO_DATES, DEMO_FIELDS } from '@filaha/shared';
import { and, catalogAcquisitions, catalogParcelItems, catalogPolls, count, eq, seriesPoints } from '@filaha/db';
import { describe, expect, it, vi } from 'vitest';
import { memoryCounterStore } from '../../lib/counters.ts';
import { createImagery, imageryOptionsFromConfig } from '../../lib/imagery/imagery.ts';
import { createImageryLookups } from '../images/public.ts';
import { json, useTestApp, type TestApp } from '../../../test/helper.ts';
import { createFarmer, createParcel, usageOf } from '../images/test-support/fixtures.ts';
import { createSeasonRepository } from './season.repository.ts';
import { createSeasonService } from './season.service.ts';

/** GET /api/parcelle/{id}/series on the embedded demo catalog (issue 15 §1). */
const t = useTestApp({ SERIES_DAILY_LIMIT: '4' });
const MAIZE = { type: 'Polygon' as const, coordinates: [DEMO_FIELDS.find((f) => f.key === 'maize')!.ring] };
const AUGUST = 'from=2025-08-01&to=2025-08-31';
/** The demo season's acquisitions in that window (2025-08-05 … 2025-08-30, 8 dates). */
const AUGUST_DATES = DEMO_DATES.filter((d) => d.startsWith('2025-08'));

interface Series {
  parcelId: number;
  index: string;
  minValidFraction: number;
  points: Array<{
    date: string;
    sceneId: string;
    mean: number;
    median: number;
    p25: number;
    p75: number;
    validFraction: number;
  }>;
  skipped: Array<{ date: string; sceneId: string; reason: string; validFraction: number | null }>;
}

const get = (app: TestApp, headers: Record<string, string>, parcelId: number, query: string) =>
  app.inject({ method: 'GET', url: `/api/parcelle/${parcelId}/series?${query}`, headers });

const storedRows = async (app: TestApp, parcelId: number) =>
  (await app.database.db.select({ n: count() }).from(seriesPoints).where(eq(seriesPoints.parcelId, parcelId)))[0]!.n;

describe('GET /api/parcelle/{id}/series', () => {
  it('one point per clear acquisition, the clouded one skipped; stored once, read back, nothing charged', async () => {
    const app = t.current;
    const farmer = await createFarmer(app, { requests: { NDVI: 3 } });
    const parcel = await createParcel(app, farmer.userId, MAIZE);
    const first = await get(app, farmer.headers, parcel.id, `index=ndvi&${AUGUST}`);
    expect(first.statusCode, first.body).toBe(200);
    const series = json<Series>(first);
    expect(series.index).toBe('NDVI');
    expect(series.points.map((p) => p.date)).toEqual(AUGUST_DATES.filter((d) => d !== DEMO_CLOUDY_DATE));
    expect(series.skipped).toEqual([expect.objectContaining({ date: DEMO_CLOUDY_DATE, reason: 'CLOUDY' })]);
    for (const p of series.points) {
      expect(p.mean).toBeGreaterThan(0.6);
      expect(p.p25).toBeLessThanOrEqual(p.median);
      expect(p.median).toBeLessThanOrEqual(p.p75);
      expect(p.validFraction).toBeGreaterThanOrEqual(series.minValidFraction);
    }
    expect(await storedRows(app, parcel.id)).toBe(AUGUST_DATES.length);

    const again = await get(app, farmer.headers, parcel.id, `index=NDVI&${AUGUST}`);
    expect(json<Series>(again)).toEqual(series);
    expect(await storedRows(app, parcel.id)).toBe(AUGUST_DATES.length);
    // A narrower window reads the stored rows of its dates.
    const week = json<Series>(await get(app, farmer.headers, parcel.id, 'index=NDVI&from=2025-08-12&to=2025-08-17'));
    expect(week.points.map((p) => p.date)).toEqual(['2025-08-12', '2025-08-15']);
    expect(week.skipped.map((s) => s.date)).toEqual([DEMO_CLOUDY_DATE]);
    // Included in the subscription: no request used.
    expect((await usageOf(app, farmer.subscriptionId!, 'NDVI')).used).toBe(0);
  });

  it('the point of a date equals the image of that date', async () => {
    const app = t.current;
    const farmer = await createFarmer(app, { requests: { NDMI: 3 } });
    const parcel = await createParcel(app, farmer.userId, MAIZE);
    const series = json<Series>(await get(app, farmer.headers, parcel.id, 'index=NDMI&from=2025-08-15&to=2025-08-15'));
    const image = await app.inject({
      method: 'POST',
      url: '/api/images/ndmi',
      headers: farmer.headers,
      payload: { parcelle_id: parcel.id, user_id: farmer.userId, startDate: '2025-08-15', endDate: '2025-08-15' },
    });
    expect(image.statusCode, image.body).toBe(200);
    const stats = json<{ stats: { mean: number; median: number; validFraction: number } }>(image).stats;
    expect(series.points).toHaveLength(1);
    expect(series.points[0]!.mean).toBeCloseTo(stats.mean, 12);
    expect(series.points[0]!.median).toBeCloseTo(stats.median, 12);
    expect(series.points[0]!.validFraction).toBeCloseTo(stats.validFraction, 12);
  });

  it('owner or staff only; an active subscription holding the index; clear errors for bad queries', async () => {
    const app = t.current;
    const owner = await createFarmer(app, { requests: { NDVI: 1 } });
    const parcel = await createParcel(app, owner.userId, MAIZE);
    const other = await createFarmer(app, { requests: { NDVI: 1 } });
    expect((await get(app, other.headers, parcel.id, `index=NDVI&${AUGUST}`)).statusCode).toBe(404);
    expect((await get(app, {}, parcel.id, `index=NDVI&${AUGUST}`)).statusCode).toBe(401);
    const admin = await app.createUser({ role: 'Admin' });
    expect((await get(app, admin.headers, parcel.id, `index=NDVI&${AUGUST}`)).statusCode).toBe(200);

    const noPlan = await createFarmer(app, { subscription: false });
    const own = await createParcel(app, noPlan.userId, MAIZE);
    const refused = await get(app, noPlan.headers, own.id, `index=NDVI&${AUGUST}`);
    expect([refused.statusCode, json<{ code: string }>(refused).code]).toEqual([403, 'SUBSCRIPTION_INACTIVE']);
    const pending = await createFarmer(app, { requests: { NDVI: 1 }, state: 'désactivé' });
    const theirs = await createParcel(app, pending.userId, MAIZE);
    expect((await get(app, pending.headers, theirs.id, `index=NDVI&${AUGUST}`)).statusCode).toBe(403);

    for (const query of [
      'index=NDVI&from=2025-08-31&to=2025-08-01',
      'index=NDVI&from=2024-01-01&to=2025-08-31',
      'index=XYZ&from=2025-08-01&to=2025-08-31',
      'index=NDVI&from=2025-02-30&to=2025-08-31',
      'index=NDVI&to=2025-08-31',
    ]) {
      const res = await get(app, owner.headers, parcel.id, query);
      expect(res.statusCode, query).toBe(400);
      expect(json<{ code: string }>(res).code).toBe('VALIDATION_FAILED');
    }
    expect(await storedRows(app, parcel.id)).toBe(AUGUST_DATES.length);
  });

  it('fair use: past SERIES_DAILY_LIMIT requests in a day, 429 with the time to wait', async () => {
    const app = t.current;
    const farmer = await createFarmer(app, { requests: { NDVI: 1 } });
    const parcel = await createParcel(app, farmer.userId, MAIZE);
    for (let i = 0; i < 4; i++)
      expect((await get(app, farmer.headers, parcel.id, `index=NDVI&${AUGUST}`)).statusCode).toBe(200);
    const limited = await get(app, farmer.headers, parcel.id, `index=NDVI&${AUGUST}`);
    expect(limited.statusCode).toBe(429);
    expect(json<{ code: string }>(limited).code).toBe('RATE_LIMITED');
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(80_000);
    expect(wait).toBeLessThanOrEqual(86_400);
  });

  it('a watched parcel whose points are current is answered from them, without a catalog search', async () => {
    const app = t.current;
    const { db } = app.database;
    const farmer = await createFarmer(app, { requests: { NDVI: 3 } });
    const parcel = await createParcel(app, farmer.userId, MAIZE);
    // The points stored (here by a first request; the tile passes store the same rows).
    const first = json<Series>(await get(app, farmer.headers, parcel.id, `index=NDVI&${AUGUST}`));
    // What the watching jobs record: a poll that succeeded now, searching from Sentinel-2's start, queued the
    // parcel's tile of every August acquisition.
    const [poll] = await db
      .insert(catalogPolls)
      .values({ trigger: 'manual', finishedAt: new Date(), windowStart: '2015-06-23', windowEnd: '2025-12-31' })
      .returning();
    const scenes = [...first.points, ...first.skipped].map((p) => ({ date: p.date, sceneId: p.sceneId }));
    expect(scenes).toHaveLength(AUGUST_DATES.length);
    for (const { date, sceneId } of scenes) {
      const key = `test-${parcel.id}|${date}`;
      await db
        .insert(catalogAcquisitions)
        .values({ key, date, datetime: `${date}T10:30:00Z`, sceneIds: [sceneId], pollId: poll!.id, parcels: 1 });
      await db
        .insert(catalogParcelItems)
        .values({ parcelId: parcel.id, itemId: sceneId, acquisitionKey: key, pollId: poll!.id });
    }
    // The route's service on the same database, its engine's catalog watched.
    const imagery = createImagery(imageryOptionsFromConfig(app.config));
    const search = vi.spyOn(imagery.catalog, 'search');
    const service = createSeasonService({
      lookups: createImageryLookups(db),
      series: createSeasonRepository(db),
      imagery,
      counters: memoryCounterStore(),
      dailyLimit: 100,
    });
    const curve = async (from: string, to: string) =>
      service.curve({
        ctx: { actor: { id: farmer.userId, role: 'User', roleId: 2 }, lang: 'fr' },
        id: parcel.id,
        query: { index: 'NDVI', from, to },
        retryAfter: () => undefined,
      });
    try {
      expect(await curve('2025-08-01', '2025-08-31')).toEqual(first);
      expect(search).not.toHaveBeenCalled();

      // A day whose pass has not stored its row yet: the curve searches and computes it, as before.
      await db
        .delete(seriesPoints)
        .where(and(eq(seriesPoints.parcelId, parcel.id), eq(seriesPoints.date, AUGUST_DATES[2]!)));
      expect(await curve('2025-08-01', '2025-08-31')).toEqual(first);
      expect(search).toHaveBeenCalled();
      search.mockClear();
      expect(await curve('2025-08-01', '2025-08-31')).toEqual(first);
      expect(search).not.toHaveBeenCalled();
      // The HTTP route answers the same.
      expect(json<Series>(await get(app, farmer.headers, parcel.id, `index=NDVI&${AUGUST}`))).toEqual(first);

      // The poll stalled (its last success a day ago): back to the catalog.
      await db
        .update(catalogPolls)
        .set({ finishedAt: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(catalogPolls.id, poll!.id));
      expect(await curve('2025-08-01', '2025-08-20')).toEqual({
        ...first,
        to: '2025-08-20',
        points: first.points.filter((p) => p.date <= '2025-08-20'),
        skipped: first.skipped.filter((p) => p.date <= '2025-08-20'),
      });
      expect(search).toHaveBeenCalled();
    } finally {
      search.mockRestore();
      await db.update(catalogPolls).set({ error: 'test over' }).where(eq(catalogPolls.id, poll!.id));
    }
  });
});
