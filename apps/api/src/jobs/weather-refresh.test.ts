import { parcels, sql, weatherCells, weatherDays, type Database } from '@filaha/db';
import { createTestDatabase, factories, squarePolygon } from '@filaha/db/testing';
import { DEMO_FIELDS } from '@filaha/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cellOf,
  createOpenMeteoSource,
  createSyntheticWeatherSource,
  createWeatherRepository,
  SYNTHETIC_HISTORY_FROM,
  syntheticCovers,
} from '../lib/weather/index.ts';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '../lib/weather/open-meteo-server.test-support.ts';
import { refreshWeather, type WeatherSources } from './weather-refresh.ts';

/**
 * The weather-refresh job (issue 31 §1, acceptance 2: "the weather job fills cells once for many parcels") on a
 * database of its own (PGlite, or PostgreSQL with DATABASE_URL), against a local server answering in Open-Meteo's
 * documented form (made-up values: observed days rain 1.1 mm, forecast days 9.9 mm).
 */
describe('weather-refresh job', () => {
  let database: Database;
  let server: FakeOpenMeteo;
  let deadUrl: string;
  /** Three cells near Sétif, far from the demo area. */
  const CORNERS: Array<[number, number]> = [
    [5.401, 36.151],
    [5.501, 36.151],
    [5.401, 36.251],
  ];
  const KEYS = CORNERS.map(([lon, lat]) => cellOf(lon, lat).key);

  const openMeteo = (url: string): WeatherSources => ({
    source: createOpenMeteoSource({ apiUrl: url, archiveUrl: url, timeoutMs: 5_000 }),
  });
  const run = (at: string, sources: WeatherSources = openMeteo(server.url)) =>
    refreshWeather({ db: database.db, ...sources, now: () => new Date(at) });
  const requests = (path: string) => server.requests.filter((r) => r.pathname === path);
  const day = async (key: string, date: string) =>
    (await createWeatherRepository(database.db).days(key, date, date))[0];

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startFakeOpenMeteo('2026-11-30');
    const gone = await startFakeOpenMeteo('2026-11-30');
    deadUrl = gone.url;
    await gone.close();
    const { user } = await factories.createUser(database);
    // 200 parcels (small squares spread inside each cell), the last held by an organisation.
    const values = Array.from({ length: 199 }, (_, i) => {
      const [lon, lat] = CORNERS[i % 3]!;
      const k = Math.floor(i / 3);
      return {
        name: `Parcelle ${i}`,
        userId: user.id,
        geom: squarePolygon(lon + (k % 8) * 0.01, lat + Math.floor(k / 8) * 0.003, 0.001),
      };
    });
    await database.db.insert(parcels).values(values);
    const org = await database.db.execute<{ id: number }>(sql`
      INSERT INTO organisations (name, type, access_code) VALUES ('Coopérative météo', 'cooperative', 'METEO2526') RETURNING id`);
    await database.db.execute(sql`
      INSERT INTO parcels (name, organisation_id, geom)
      VALUES ('Parcelle de la coopérative', ${org.rows[0]!.id}, ST_GeomFromText('POLYGON((5.45 36.2, 5.451 36.2, 5.451 36.201, 5.45 36.201, 5.45 36.2))', 4326))`);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('fetches 3 cells for 200 parcels: one forecast request for all three, the season once, the climatology once each', async () => {
    server.requests.length = 0;
    const result = await run('2026-11-30T10:00:00Z');
    expect(result).toMatchObject({ parcels: 200, cells: 3, refreshed: 3, climates: 3, failed: 0, errors: [] });
    const forecast = requests('/v1/forecast');
    expect(forecast).toHaveLength(1);
    expect(forecast[0]!.searchParams.get('latitude')!.split(',')).toHaveLength(3);
    expect(forecast[0]!.searchParams.get('past_days')).toBe('92');
    expect(forecast[0]!.searchParams.get('forecast_days')).toBe('7');
    const archive = requests('/v1/archive');
    // The season before the forecast API's 92 days (one request for the three cells), then 3 climatologies.
    expect(archive).toHaveLength(4);
    expect(archive[0]!.searchParams.get('start_date')).toBe('2025-09-01');
    expect(archive[0]!.searchParams.get('end_date')).toBe('2026-08-29');
    expect(archive.slice(1).map((u) => [u.searchParams.get('start_date'), u.searchParams.get('end_date')])).toEqual(
      Array(3).fill(['1990-01-01', '2020-12-31']),
    );
    expect(result.requests).toBe(5);

    const repo = createWeatherRepository(database.db);
    const stored = await repo.parcelCells();
    expect(stored.map((c) => c.key).sort()).toEqual([...KEYS].sort());
    for (const key of KEYS) {
      const cell = await repo.cell(key);
      expect(cell).toMatchObject({
        key,
        source: 'open-meteo',
        refreshedAt: '2026-11-30T10:00:00.000Z',
        lastError: null,
      });
      const days = await repo.days(key, '2025-09-01', '2026-12-06');
      // Every day from the season's start to the 7th forecast day, once, in date order.
      expect(days).toHaveLength(462);
      expect(days[0]!.date).toBe('2025-09-01');
      expect(days.at(-1)!.date).toBe('2026-12-06');
      expect(days.filter((d) => d.forecast).map((d) => d.date)[0]).toBe('2026-11-30');
      const totals = await repo.climateRainTotals(key, '09-01', '04-20');
      expect(totals).toHaveLength(30);
      // 232 days of 1.1 mm, one more in a leap year (the window ending in 1992, 1996 …).
      expect(totals![0]).toBe(255.2);
      expect(totals![1]).toBe(256.3);
    }
    expect(await day(KEYS[0]!, '2026-11-30')).toMatchObject({ rain: 9.9, forecast: true });
  });

  it('a later run asks only the recent days and overwrites forecast days with the observed ones', async () => {
    server.requests.length = 0;
    server.today = '2026-12-02';
    const result = await run('2026-12-02T10:00:00Z');
    expect(result).toMatchObject({ cells: 3, refreshed: 3, climates: 0, failed: 0, requests: 1 });
    expect(requests('/v1/archive')).toHaveLength(0);
    // From the last observed day (29 November) on.
    expect(requests('/v1/forecast')[0]!.searchParams.get('past_days')).toBe('4');
    expect(await day(KEYS[0]!, '2026-11-30')).toMatchObject({ rain: 1.1, forecast: false });
    expect(await day(KEYS[0]!, '2026-12-02')).toMatchObject({ rain: 9.9, forecast: true });
    expect(await day(KEYS[0]!, '2026-12-08')).toMatchObject({ forecast: true });
    const counted = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM weather_days WHERE cell_key = ${KEYS[0]!}`,
    );
    expect(counted.rows[0]?.n).toBe(464);
  });

  it('asks nothing again within the hour', async () => {
    server.requests.length = 0;
    const result = await run('2026-12-02T10:30:00Z');
    expect(result).toMatchObject({ cells: 3, refreshed: 0, requests: 0 });
    expect(server.requests).toHaveLength(0);
  });

  it('an unreachable provider: the error is recorded on the cells, the job completes, the cached days stay', async () => {
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(weatherDays);
    const result = await run('2026-12-03T12:00:00Z', openMeteo(deadUrl));
    expect(result).toMatchObject({ cells: 3, refreshed: 0, failed: 3 });
    // One request failed; the other cells were not asked again (no time-out after time-out).
    expect(result.requests).toBe(1);
    expect(result.errors).toEqual([`Open-Meteo forecast API (${deadUrl}) unreachable: ECONNREFUSED`]);
    const cells = await database.db.select().from(weatherCells);
    for (const c of cells) expect(c.lastError).toBe(result.errors[0]);
    expect(await database.db.select({ n: sql<number>`count(*)::int` }).from(weatherDays)).toEqual(before);
    expect(await createWeatherRepository(database.db).cell(KEYS[0]!)).toMatchObject({
      elevation: 50,
      lastError: result.errors[0],
    });
  });

  it('the demo cells get the synthetic season with no request; without DEMO_DATA and no network they stay empty', async () => {
    const { user } = await factories.createUser(database);
    await database.db.insert(parcels).values(
      DEMO_FIELDS.map((f) => ({
        name: f.nameFr,
        userId: user.id,
        geom: { type: 'Polygon' as const, coordinates: [f.ring] },
      })),
    );
    const demoKeys = (await createWeatherRepository(database.db).parcelCells())
      .filter((c) => syntheticCovers(c))
      .map((c) => c.key);
    expect(demoKeys.length).toBeGreaterThan(0);

    server.requests.length = 0;
    const demo = { source: createSyntheticWeatherSource(), covers: syntheticCovers };
    // The real provider unreachable (the embedded default without internet): the demo cells need none of it.
    const result = await run('2026-12-03T13:30:00Z', { ...openMeteo(deadUrl), demo });
    expect(server.requests).toHaveLength(0);
    const repo = createWeatherRepository(database.db);
    for (const key of demoKeys) {
      expect(await repo.cell(key)).toMatchObject({ source: 'synthetic', lastError: null });
      const days = await repo.days(key, SYNTHETIC_HISTORY_FROM, '2026-12-09');
      expect(days[0]!.date).toBe(SYNTHETIC_HISTORY_FROM);
      expect(days.at(-1)!.date).toBe('2026-12-09');
      expect(await repo.climateRainTotals(key, '09-01', '04-20')).toHaveLength(30);
    }
    expect(result.failed).toBe(3);

    // DEMO_DATA off, no network: the demo cells' synthetic days are dropped, nothing replaces them, the error is kept.
    const off = await run('2026-12-03T15:00:00Z', openMeteo(deadUrl));
    expect(off.failed).toBe(3 + demoKeys.length);
    for (const key of demoKeys) {
      expect(await repo.cell(key)).toBeNull();
      expect(await repo.days(key, '2024-01-01', '2027-01-01')).toEqual([]);
      expect(await repo.climateRainTotals(key, '09-01', '04-20')).toBeNull();
      const [row] = await database.db
        .select()
        .from(weatherCells)
        .where(sql`${weatherCells.key} = ${key}`);
      expect(row).toMatchObject({ source: 'open-meteo', elevation: null });
      expect(row!.lastError).toMatch(/unreachable: ECONNREFUSED/);
    }
  });
});
