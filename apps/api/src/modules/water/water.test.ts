/**
 * Issue 31 §2, acceptance 2: a parcel's water on both databases — the answer's weather inputs recompute its ET0 (by
 * this file's own Penman–Monteith, written from FAO-56's equations, not the app's), its Kc is the table's, its advice
 * follows its balance, an irrigation recorded refills the root zone, the drought figures match the climatology, and
 * the route is open to plans that hold the water feature only (never charged).
 */
import { sql } from '@filaha/db';
import { factories, squarePolygon } from '@filaha/db/testing';
import type { Irrigation, ParcelWater } from '@filaha/shared/contracts';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { codeOf } from '../plans/test-kit.ts';
import { addDays } from '../../lib/weather/index.ts';
import { et0Check, seedParcelWeather, TEST_ELEVATION, testWeatherOf } from './test-kit.ts';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });
type Headers = Record<string, string>;

const SOWING = '2025-11-20';
const ELEVATION = TEST_ELEVATION;

const weatherOf = (date: string, forecast = false) => testWeatherOf(date, forecast);

async function world(options: { feature?: boolean; active?: boolean; subscribed?: boolean } = {}) {
  const { feature = true, active = true, subscribed = true } = options;
  const db = t.current.database;
  const farmer = await t.current.createUser({ role: 'User' });
  const geom = squarePolygon(3.0125, 36.6125, 0.002);
  const { parcel } = await factories.createParcel(db, { userId: farmer.user.id, geom, name: 'Blé irrigué' });
  await db.db.execute(sql`
    INSERT INTO parcel_seasons (parcel_id, season, crop, sowing_date, irrigated, irrigation_system, flow_rate_m3h)
    VALUES (${parcel.id}, 2025, 'durum_wheat', ${SOWING}::date, true, 'sprinkler', 30)`);
  if (subscribed) {
    const { plan } = await factories.createPlan(db, { requests: { NDVI: 3 } });
    if (feature) {
      const [f] = (
        await db.db.execute<{ id: number }>(sql`
          INSERT INTO functionalities (name, name_ar, psudo) VALUES (${`Eau ${plan.id}`}, '', 'irrigation') RETURNING id`)
      ).rows;
      await db.db.execute(
        sql`INSERT INTO plan_functionalities (plan_id, functionality_id) VALUES (${plan.id}, ${f!.id})`,
      );
    }
    const { subscription } = await factories.createFarmerSubscription(db, { userId: farmer.user.id, planId: plan.id });
    const state = active ? 'actif' : 'désactivé';
    await db.db.execute(sql`UPDATE farmer_subscriptions SET state = ${state} WHERE id = ${subscription.id}`);
  }
  // The cell's weather: the season from 1 September, observed up to 20 April 2026, then 7 days of forecast; and a
  // climatology in which every year's rain is the test's own pattern scaled by the year (water/test-kit.ts).
  const cell = await seedParcelWeather(db, parcel.id);
  return { farmer, parcel, cell };
}

const waterOf = (parcelId: number, headers: Headers, date = '2026-04-20') =>
  t.current.inject({ method: 'GET', url: `/api/parcelle/${parcelId}/water?date=${date}`, headers });

const settings = (parcelId: number, headers: Headers, soilTexture: string | null, waterSource = true) =>
  t.current.inject({
    method: 'PUT',
    url: `/api/parcelle/${parcelId}/water/settings`,
    headers,
    payload: { soilTexture, waterSource },
  });

describe("a parcel's water", () => {
  it('says what is missing, then answers the day: inputs that recompute its ET0, the table Kc, the balance and the advice', async () => {
    const { farmer, parcel, cell } = await world();
    const before = json<ParcelWater>(await waterOf(parcel.id, farmer.headers));
    expect(before.missing).toEqual(['soil']);
    expect(before.advice).toBeNull();
    expect((await settings(parcel.id, farmer.headers, 'sand')).statusCode).toBe(200);

    const res = await waterOf(parcel.id, farmer.headers);
    expect(res.statusCode, res.body).toBe(200);
    const water = json<ParcelWater>(res);
    expect(water.missing).toEqual([]);
    expect(water.sources).toMatchObject({ weather: 'synthetic', cell: { key: cell.key, elevation: ELEVATION } });
    const day = water.day!;
    // The inputs are the stored day's; from them alone, this file's Penman–Monteith gives the same ET0.
    expect(day.inputs).toMatchObject({ tMax: weatherOf('2026-04-20').tMax, rain: 0, forecast: false });
    expect(day.et0).toBeCloseTo(et0Check(day.inputs, '2026-04-20', cell.lat, ELEVATION), 9);
    expect(day.inputs.wind2m).toBeCloseTo((day.inputs.wind10m * 4.87) / Math.log(672.58), 12);
    // Day 151 after sowing: development (30 + 140 days), Kc = 0.7 + 121/140 × (1.15 − 0.7); no NDVI point, factor 1.
    expect(day.stage).toBe('development');
    expect(day.kcTable).toBeCloseTo(0.7 + (121 / 140) * 0.45, 12);
    expect(day.ndviFactor).toBe(1);
    expect(day.etc).toBeCloseTo(day.kc * day.et0 * day.ks, 12);
    // Sand (0.12 − 0.045) × 1.5 m of roots: TAW 112.5 mm, RAW 0.55 of it.
    expect(day.taw).toBeCloseTo(112.5, 9);
    expect(day.raw).toBeCloseTo(61.875, 9);
    // Twenty rainless days of spring: the root zone is short; the advice refills it, in hours of the 30 m³/h sprinkler.
    expect(day.depletion).toBeGreaterThan(day.raw);
    expect(water.advice).toMatchObject({ due: true, supplemental: false, efficiency: 0.75 });
    expect(water.advice!.depthMm).toBeCloseTo(day.depletion, 9);
    expect(water.advice!.hours).toBeCloseTo(((day.depletion / 1000) * parcel.areaM2!) / (30 * 0.75), 6);
    // The next 6 days from the forecast: the first assumes the advice followed (from field capacity).
    expect(water.plan.map((p) => p.date)).toEqual([1, 2, 3, 4, 5, 6].map((n) => addDays('2026-04-20', n)));
    expect(water.plan[0]!.depletion).toBeCloseTo(water.plan[0]!.etc, 9);
    expect(water.rules.version).toMatch(/^water-1\//);
    // No day asked: today, whose weather this cell does not have (the test's season ends in April 2026).
    const latest = json<ParcelWater>(
      await t.current.inject({ method: 'GET', url: `/api/parcelle/${parcel.id}/water`, headers: farmer.headers }),
    );
    expect(latest.date).toBe(new Date().toISOString().slice(0, 10));
    expect(latest.missing).toContain('weather');
  });

  it('an irrigation recorded (mm, or hours of the system) refills the root zone; removing it brings the shortfall back', async () => {
    const { farmer, parcel } = await world();
    await settings(parcel.id, farmer.headers, 'loam');
    const short = json<ParcelWater>(await waterOf(parcel.id, farmer.headers));
    const given = await t.current.inject({
      method: 'POST',
      url: `/api/parcelle/${parcel.id}/irrigations`,
      headers: farmer.headers,
      payload: { date: '2026-04-20', depthMm: Math.ceil(short.day!.depletion) },
    });
    expect(given.statusCode, given.body).toBe(201);
    const after = json<ParcelWater>(await waterOf(parcel.id, farmer.headers));
    expect(after.day!.depletion).toBe(0);
    expect(after.advice!.due).toBe(false);
    expect(after.irrigations.map((i) => i.date)).toEqual(['2026-04-20']);
    // Hours: 3 h × 30 m³/h × 0.75 over the parcel's area.
    const hours = json<Irrigation>(
      await t.current.inject({
        method: 'POST',
        url: `/api/parcelle/${parcel.id}/irrigations`,
        headers: farmer.headers,
        payload: { date: '2026-04-19', hours: 3 },
      }),
    );
    expect(hours.depthMm).toBeCloseTo(Math.round(((3 * 30 * 0.75) / parcel.areaM2!) * 10_000) / 10, 9);
    // Neither a day in the future, nor both a depth and hours.
    for (const payload of [
      { date: '2099-01-01', depthMm: 10 },
      { date: '2026-04-19', depthMm: 10, hours: 1 },
    ]) {
      const refused = await t.current.inject({
        method: 'POST',
        url: `/api/parcelle/${parcel.id}/irrigations`,
        headers: farmer.headers,
        payload,
      });
      expect(refused.statusCode).toBe(400);
    }
    const removed = await t.current.inject({
      method: 'DELETE',
      url: `/api/parcelle/${parcel.id}/irrigations/${json<Irrigation>(given).id}`,
      headers: farmer.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(json<ParcelWater>(await waterOf(parcel.id, farmer.headers)).day!.depletion).toBeGreaterThan(0);
  });

  it("the drought figures against the cell's climatology", async () => {
    const { farmer, parcel } = await world();
    const water = json<ParcelWater>(await waterOf(parcel.id, farmer.headers));
    // 1 September – 20 April: 12 mm on every 4th day of the month before April.
    let seasonRain = 0;
    for (let d = '2025-09-01'; d <= '2026-04-20'; d = addDays(d, 1)) seasonRain += weatherOf(d).rain;
    const season = water.drought!.season!;
    expect(season).toMatchObject({ from: '2025-09-01', to: '2026-04-20', years: 30 });
    expect(season.rain).toBeCloseTo(seasonRain, 6);
    // The 30 normals (1991–2020), a season counted in the year it ends: 31 rainy days of the leap-year index from
    // 1 September (244 … 364) in the year before, 28 from 1 January to 20 April (0 … 108).
    const totals: number[] = [];
    for (let y = 1991; y <= 2020; y++)
      totals.push(Math.round((31 * (6 + 0.4 * (y - 1 - 1990)) + 28 * (6 + 0.4 * (y - 1990))) * 10) / 10);
    const normal = totals.reduce((a, b) => a + b, 0) / 30;
    expect(season.normal).toBeCloseTo(Math.round(normal * 10) / 10, 6);
    expect(season.percentOfNormal).toBe(Math.round((100 * seasonRain) / normal));
    const drier = totals.filter((x) => x < seasonRain).length + totals.filter((x) => x === seasonRain).length / 2;
    expect(season.percentile).toBe(Math.round((100 * drier) / 30));
    expect(season.percentile).toBeGreaterThan(0);
    expect(season.percentile).toBeLessThan(100);
    // The last 30 days (22 March – 20 April): 24 and 28 March, then the April dry spell.
    expect(water.drought!.last30).toMatchObject({ from: '2026-03-22', to: '2026-04-20', rain: 24 });
  });

  it('is in plans that hold the water feature only; staff read it; another farmer gets 404', async () => {
    for (const [options, code] of [
      [{ subscribed: false }, 'SUBSCRIPTION_REQUIRED'],
      [{ active: false }, 'SUBSCRIPTION_INACTIVE'],
      [{ feature: false }, 'FEATURE_NOT_IN_PLAN'],
    ] as const) {
      const { farmer, parcel } = await world(options);
      const res = await waterOf(parcel.id, farmer.headers);
      expect(res.statusCode, code).toBe(403);
      expect(codeOf(res)).toBe(code);
    }
    const { parcel } = await world();
    const admin = await t.current.createUser({ role: 'Admin' });
    expect((await waterOf(parcel.id, admin.headers)).statusCode).toBe(200);
    const other = await t.current.createUser({ role: 'User' });
    expect((await waterOf(parcel.id, other.headers)).statusCode).toBe(404);
    expect((await settings(parcel.id, other.headers, 'clay')).statusCode).toBe(404);
    expect((await settings(parcel.id, admin.headers, 'clay')).statusCode).toBe(403);
  });
});
