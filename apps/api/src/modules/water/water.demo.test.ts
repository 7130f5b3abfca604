/**
 * Issue 31 acceptance 2, "the water answer for the demo parcels on given days": the demo data as `npm start` seeds
 * it (the demo farmer's fields with their seasons, soils and weekly irrigations, DEMO_FARMER_WATER) over the demo
 * area's synthetic weather as the weather-refresh job stores it; on both databases.
 */
import { seed } from '@filaha/db';
import type { ParcelWater } from '@filaha/shared/contracts';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { refreshWeather } from '../../jobs/weather-refresh.ts';
import {
  createOpenMeteoSource,
  createSyntheticWeatherSource,
  DEMO_DRY_SPELL,
  syntheticCovers,
} from '../../lib/weather/index.ts';
import { et0Check } from './test-kit.ts';

// Its own database: the demo data and the demo cells' weather must not reach the other files of the worker.
const t = useTestApp({}, { ownDatabase: true });

async function demoFarm() {
  const { database } = t.current;
  const seeded = await seed(database, { demo: true });
  const result = await refreshWeather({
    db: database.db,
    // Only the demo cells hold parcels here: the provider is never asked (and could not be: a closed port).
    source: createOpenMeteoSource({ apiUrl: 'http://127.0.0.1:9', archiveUrl: 'http://127.0.0.1:9' }),
    demo: { source: createSyntheticWeatherSource(), covers: syntheticCovers },
    now: () => new Date('2026-11-30T06:00:00Z'),
  });
  expect(result).toMatchObject({ failed: 0 });
  const farmer = seeded.accounts.find((a) => a.role === 'User')!;
  const login = await t.current.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: farmer.email, password: farmer.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  const headers = { authorization: `Bearer ${json<{ token: string }>(login).token}` };
  const parcels = json<Array<{ id: number; identifiantU: string }>>(
    await t.current.inject({ method: 'GET', url: '/api/parcelle', headers }),
  );
  const idOf = (prefix: string) => parcels.find((p) => p.identifiantU.startsWith(prefix))!.id;
  const water = async (id: number, date: string) => {
    const res = await t.current.inject({ method: 'GET', url: `/api/parcelle/${id}/water?date=${date}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return json<ParcelWater>(res);
  };
  return { wheat: idOf('Blé dur'), orchard: idOf("Verger d'agrumes"), water };
}

describe('the water of the demo farm', () => {
  it('the rainfed durum wheat in the 2025 spring dry spell: short of water, then a supplemental irrigation at heading; the drip orchard irrigated weekly in July', async () => {
    const { wheat, orchard, water } = await demoFarm();

    // 20 April 2025, in the dry spell (no rain from 22 March): ET0 recomputed from the answer's own inputs.
    const april = await water(wheat, '2025-04-20');
    expect(april.sources.weather).toBe('synthetic');
    expect(april.missing).toEqual([]);
    const day = april.day!;
    expect(day.et0).toBeCloseTo(
      et0Check(day.inputs, '2025-04-20', april.sources.cell!.lat, april.sources.cell!.elevation),
      9,
    );
    expect(day.inputs.rain).toBe(0);
    expect(day.stage).toBe('development');
    expect(day.depletion).toBeGreaterThan(day.raw);
    // Rainfed, not yet at heading: no advice, and the drought figures say how dry the last 30 days were.
    expect(april.advice).toBeNull();
    expect(april.drought!.last30!.from).toBe('2025-03-22');
    expect(april.drought!.last30!.to).toBe('2025-04-20');
    expect(april.drought!.last30!.rain).toBe(0);
    expect(april.drought!.last30!.percentile).toBeLessThanOrEqual(10);
    expect(DEMO_DRY_SPELL.from).toBe('2025-03-22');

    // 12 May 2025, heading to flowering (mid-season from 9 May), still short, a well on the farm: supplemental.
    const may = await water(wheat, '2025-05-12');
    expect(may.day!.stage).toBe('mid');
    expect(may.advice).toMatchObject({ due: true, supplemental: true });
    expect(may.advice!.depthMm).toBeCloseTo(may.day!.depletion, 9);

    // The drip orchard on 15 July 2025: irrigated every week (30 mm), so not short; its ET0 recomputes too.
    const july = await water(orchard, '2025-07-15');
    expect(july.settings).toMatchObject({ crop: 'citrus', irrigated: true, irrigationSystem: 'drip', flowRateM3h: 45 });
    expect(july.irrigations.length).toBeGreaterThan(5);
    expect(july.advice!.due).toBe(false);
    expect(july.day!.et0).toBeCloseTo(
      et0Check(july.day!.inputs, '2025-07-15', july.sources.cell!.lat, july.sources.cell!.elevation),
      9,
    );
    expect(july.plan).toHaveLength(6);
  });
});
