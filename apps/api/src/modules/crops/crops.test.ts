/**
 * Issue 30 §2: a parcel's crop per season, its history, and what the fields cannot be together — on the embedded
 * database and, with DATABASE_URL, on PostgreSQL.
 */
import { factories } from '@filaha/db/testing';
import { seasonOf, type ParcelSeason } from '@filaha/shared/contracts';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { issuesOf } from '../plans/test-kit.ts';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const WHEAT = {
  crop: 'durum_wheat',
  sowingDate: '2025-11-20',
  irrigated: false,
  irrigationSystem: null,
  flowRateM3h: null,
};
const POTATO = {
  crop: 'potato',
  sowingDate: '2026-02-10',
  irrigated: true,
  irrigationSystem: 'drip',
  flowRateM3h: 12.5,
};

async function farmerWithParcel() {
  const farmer = await t.current.createUser({ role: 'User' });
  const { parcel } = await factories.createParcel(t.current.database, { userId: farmer.user.id });
  return { farmer, parcel };
}

const put = (parcelId: number, season: number, headers: Record<string, string>, payload: object) =>
  t.current.inject({ method: 'PUT', url: `/api/parcelle/${parcelId}/seasons/${season}`, headers, payload });
const get = (parcelId: number, headers: Record<string, string>) =>
  t.current.inject({ method: 'GET', url: `/api/parcelle/${parcelId}/seasons`, headers });

describe("a parcel's crop per season", () => {
  it('records a crop per season, replaces it, and lists the history newest first', async () => {
    const { farmer, parcel } = await farmerWithParcel();
    expect(json<ParcelSeason[]>(await get(parcel.id, farmer.headers))).toEqual([]);
    const first = await put(parcel.id, 2025, farmer.headers, WHEAT);
    expect(first.statusCode, first.body).toBe(200);
    expect(json<ParcelSeason>(first)).toMatchObject({ parcelId: parcel.id, season: 2025, ...WHEAT });
    expect(
      (await put(parcel.id, 2024, farmer.headers, { ...WHEAT, crop: 'fallow', sowingDate: null })).statusCode,
    ).toBe(200);
    // The same season again replaces it (the farmer corrected it: irrigated potatoes after all).
    const fixed = await put(parcel.id, 2025, farmer.headers, POTATO);
    expect(fixed.statusCode, fixed.body).toBe(200);
    const history = json<ParcelSeason[]>(await get(parcel.id, farmer.headers));
    expect(history.map((s) => [s.season, s.crop, s.irrigationSystem, s.flowRateM3h])).toEqual([
      [2025, 'potato', 'drip', 12.5],
      [2024, 'fallow', null, null],
    ]);
  });

  it('refuses what cannot be together and changes nothing', async () => {
    const { farmer, parcel } = await farmerWithParcel();
    await put(parcel.id, 2025, farmer.headers, WHEAT);
    const cases: Array<[object, string, string]> = [
      [{ ...WHEAT, sowingDate: '2025-08-31' }, 'sowingDate', 'outside_season'],
      [{ ...WHEAT, sowingDate: '2026-09-01' }, 'sowingDate', 'outside_season'],
      [{ ...POTATO, irrigationSystem: null }, 'irrigationSystem', 'required'],
      [{ ...WHEAT, flowRateM3h: 3 }, 'irrigationSystem', 'rainfed'],
      [{ ...WHEAT, crop: 'cannabis' }, 'crop', 'invalid_value'],
      [{ ...POTATO, flowRateM3h: 0 }, 'flowRateM3h', 'too_small'],
      [{ ...WHEAT, sowingDate: '2025-02-30' }, 'sowingDate', 'custom'],
    ];
    for (const [payload, path, code] of cases) {
      const res = await put(parcel.id, 2025, farmer.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(issuesOf(res)[0], JSON.stringify(payload)).toMatchObject({ path, code });
    }
    expect((await put(parcel.id, 1999, farmer.headers, WHEAT)).statusCode).toBe(400);
    expect(json<ParcelSeason[]>(await get(parcel.id, farmer.headers)).map((s) => s.crop)).toEqual(['durum_wheat']);
  });

  it('another farmer neither reads nor writes it (404); staff read it, and cannot write it', async () => {
    const { farmer, parcel } = await farmerWithParcel();
    await put(parcel.id, 2025, farmer.headers, WHEAT);
    const other = await t.current.createUser({ role: 'User' });
    const manager = await t.current.createUser({ role: 'Manager' });
    expect((await get(parcel.id, other.headers)).statusCode).toBe(404);
    expect((await put(parcel.id, 2025, other.headers, POTATO)).statusCode).toBe(404);
    expect(json<ParcelSeason[]>(await get(parcel.id, manager.headers))).toHaveLength(1);
    expect((await put(parcel.id, 2025, manager.headers, POTATO)).statusCode).toBe(403);
    expect(json<ParcelSeason[]>(await get(parcel.id, farmer.headers))[0]?.crop).toBe('durum_wheat');
  });

  it('names the season of a day: from September on, the year; before, the year before', () => {
    expect(seasonOf('2025-09-01')).toBe(2025);
    expect(seasonOf('2026-08-31')).toBe(2025);
    expect(seasonOf('2026-01-15')).toBe(2025);
  });
});
