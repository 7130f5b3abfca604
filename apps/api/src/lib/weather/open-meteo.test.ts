import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { referenceEt0 } from '@filaha/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.ts';
import { leapIndex } from './grid.ts';
import { startFakeOpenMeteo, type FakeOpenMeteo } from './open-meteo-server.test-support.ts';
import { createOpenMeteoSource, DAILY_VARIABLES, daysOf, WeatherFetchError } from './open-meteo.ts';

const FIXTURES = resolve(REPO_ROOT, 'apps/api/test/fixtures/weather');

/** The error a request ends with (the test fails when it succeeds). */
async function failure(request: Promise<unknown>): Promise<WeatherFetchError> {
  try {
    await request;
  } catch (error) {
    return error as WeatherFetchError;
  }
  throw new Error('expected the request to fail');
}
const fixture = (name: string) => readFile(resolve(FIXTURES, name), 'utf8');

const IDAHO = { key: '47.65,-116.75', lat: 47.65, lon: -116.75 };
const MITIDJA = [
  { key: '36.65,2.95', lat: 36.65, lon: 2.95 },
  { key: '36.55,3.05', lat: 36.55, lon: 3.05 },
];

/**
 * ET0 recomputed by FAO-56 Penman–Monteith (@filaha/shared fao56.ts) from a REAL Open-Meteo answer (fixture README:
 * a saved answer, °F and mp/h) against the provider's own `et0_fao_evapotranspiration`. Open-Meteo sums an hourly
 * Penman–Monteith over the day; ours is the daily form from the day's extremes, so the two differ by a few tenths —
 * more here, as this answer's days are GMT days at a place 7.8 hours behind GMT (each "day" mixes two local days).
 */
describe('ET0 from a real Open-Meteo answer', () => {
  async function realDays() {
    const answer = JSON.parse(await fixture('open-meteo-forecast-real-2025-07-28.json'));
    return { answer, days: daysOf(answer, null) };
  }
  const et0Of = (
    day: { date: string; tMax: number; tMin: number; rhMax: number | null; rhMin: number | null; radiation: number },
    wind: number,
    answer: { latitude: number; elevation: number },
  ) =>
    referenceEt0({
      day: day.date,
      latitude: answer.latitude,
      altitude: answer.elevation,
      tMax: day.tMax,
      tMin: day.tMin,
      humidity: { rhMax: day.rhMax!, rhMin: day.rhMin! },
      wind,
      windHeight: 10,
      solarRadiation: day.radiation,
    }).et0;

  it('converts its units (°F → °C, mp/h → m/s) and keeps its own ET0', async () => {
    const { days } = await realDays();
    expect(days).toHaveLength(7);
    expect(days[0]).toMatchObject({ date: '2025-07-28', rhMax: 56, rhMin: 20, radiation: 27.96, providerEt0: 6.35 });
    expect(days[0]!.tMax).toBeCloseTo(((91.1 - 32) * 5) / 9, 6); // 32.83 °C
    expect(days[0]!.tMin).toBeCloseTo(((56.1 - 32) * 5) / 9, 6);
    expect(days[0]!.dewPoint).toBeCloseTo(((43.0 - 32) * 5) / 9, 6);
    expect(days[0]!.wind10m).toBeCloseTo(3.7 * 0.44704, 6); // the day's mean, 1.65 m/s
    expect(days[4]!.rain).toBe(1.6);
  });

  it("recomputes the provider's ET0 within 0.3 mm/day on average over the 7 days (each within 0.6)", async () => {
    const { answer, days } = await realDays();
    const diffs = days.map((d) => et0Of(d, d.wind10m, answer) - d.providerEt0!);
    const meanAbs = diffs.reduce((s, d) => s + Math.abs(d), 0) / diffs.length;
    expect(meanAbs).toBeLessThanOrEqual(0.3);
    for (const d of diffs) expect(Math.abs(d)).toBeLessThanOrEqual(0.6);
  });

  it("with the day's MAXIMUM wind instead of its mean, ET0 is over by more than 1 mm/day (why the mean is kept)", async () => {
    const { answer, days } = await realDays();
    const maxWind = answer.daily.wind_speed_10m_max as number[];
    const diffs = days.map((d, i) => et0Of(d, maxWind[i]! * 0.44704, answer) - d.providerEt0!);
    expect(diffs.reduce((s, d) => s + d, 0) / diffs.length).toBeGreaterThan(1);
  });
});

describe('Open-Meteo client against a local server', () => {
  let server: FakeOpenMeteo;
  const source = (extra: { apiKey?: string; timeoutMs?: number } = {}) =>
    createOpenMeteoSource({ apiUrl: server.url, archiveUrl: `${server.url}/`, ...extra });

  beforeAll(async () => {
    server = await startFakeOpenMeteo('2026-11-30');
  });
  afterAll(async () => {
    await server.close();
  });

  it('asks the forecast API for the daily variables of several cells in one request', async () => {
    server.answerWith({ status: 200, body: await fixture('open-meteo-forecast-two-cells-written.json') });
    server.requests.length = 0;
    // 10:00 UTC is 11:00 in Algiers: the 30th is today (not observed yet).
    const answers = await source().recent(MITIDJA, {
      pastDays: 2,
      forecastDays: 3,
      now: new Date('2026-11-30T10:00:00Z'),
    });
    expect(server.requests).toHaveLength(1);
    const url = server.requests[0]!;
    expect(url.pathname).toBe('/v1/forecast');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      latitude: '36.65,36.55',
      longitude: '2.95,3.05',
      daily: DAILY_VARIABLES.join(','),
      timezone: 'auto',
      past_days: '2',
      forecast_days: '3',
      wind_speed_unit: 'ms',
    });
    expect(url.searchParams.get('daily')).toContain('wind_speed_10m_mean');
    expect(url.searchParams.get('daily')).toContain('et0_fao_evapotranspiration');

    expect(answers.map((a) => [a.key, a.elevation])).toEqual([
      ['36.65,2.95', 96],
      ['36.55,3.05', 61],
    ]);
    // The first cell's 2 December has no rain value: that day is left out, the other cell keeps it.
    expect(answers[0]!.days.map((d) => [d.date, d.forecast])).toEqual([
      ['2026-11-28', false],
      ['2026-11-29', false],
      ['2026-11-30', true],
      ['2026-12-01', true],
    ]);
    expect(answers[1]!.days).toHaveLength(5);
    expect(answers[0]!.days[1]).toEqual({
      date: '2026-11-29',
      tMax: 16.9,
      tMin: 10.2,
      rhMax: 97,
      rhMin: 71,
      dewPoint: 11.8,
      wind10m: 4.1,
      radiation: 5.31,
      rain: 12.4,
      providerEt0: 0.86,
      forecast: false,
    });
  });

  it('converts km/h and inches when the answer says so', async () => {
    const answer = JSON.parse(await fixture('open-meteo-forecast-two-cells-written.json'))[0];
    answer.daily_units.wind_speed_10m_mean = 'km/h';
    answer.daily_units.precipitation_sum = 'inch';
    server.answerWith({ status: 200, body: JSON.stringify(answer) });
    const [cell] = await source().recent([MITIDJA[0]!], {
      pastDays: 2,
      forecastDays: 3,
      now: new Date('2026-11-30T10:00:00Z'),
    });
    expect(cell!.days[1]!.wind10m).toBeCloseTo(4.1 / 3.6, 9);
    expect(cell!.days[1]!.rain).toBeCloseTo(12.4 * 25.4, 9);
  });

  it('sends the API key as `apikey` and never names it in an error', async () => {
    server.answerWith({ status: 400, body: await fixture('open-meteo-error-written.json') });
    server.requests.length = 0;
    const error = await failure(
      source({ apiKey: 'SECRET-KEY-123' }).recent([IDAHO], { pastDays: 1, forecastDays: 7, now: new Date() }),
    );
    expect(server.requests[0]!.searchParams.get('apikey')).toBe('SECRET-KEY-123');
    expect(error).toBeInstanceOf(WeatherFetchError);
    expect(error.message).toBe(
      `Open-Meteo forecast API (${server.url}) answered HTTP 400: Cannot initialize WeatherVariable from invalid String value wind_speed_10m_avg for key daily`,
    );
    expect(error.message).not.toContain('SECRET');
  });

  it('gives clear errors: not JSON, not the documented form, a unit it does not know, fewer locations', async () => {
    const recent = () => source().recent(MITIDJA, { pastDays: 1, forecastDays: 7, now: new Date() });
    server.answerWith({ status: 502, body: '<html>Bad gateway</html>' });
    await expect(recent()).rejects.toThrow(/answered HTTP 502 with something else than JSON: <html>Bad gateway/);
    server.answerWith({ status: 200, body: JSON.stringify({ latitude: 36.6, longitude: 2.9 }) });
    await expect(recent()).rejects.toThrow(/answered JSON not in its documented form/);
    const answer = JSON.parse(await fixture('open-meteo-forecast-two-cells-written.json'));
    answer[0].daily_units.temperature_2m_max = 'K';
    server.answerWith({ status: 200, body: JSON.stringify(answer) });
    await expect(recent()).rejects.toThrow('Open-Meteo answered temperature_2m_max in an unexpected unit "K"');
    server.answerWith({ status: 200, body: JSON.stringify(answer[1]) });
    await expect(recent()).rejects.toThrow('Open-Meteo answered 1 locations for 2 asked');
  });

  it('gives up after its time-out, and says when the host cannot be reached', async () => {
    server.answerWith(null);
    server.delayMs = 1_000;
    const slow = await failure(
      source({ timeoutMs: 100 }).recent([IDAHO], { pastDays: 1, forecastDays: 7, now: new Date() }),
    );
    server.delayMs = 0;
    expect(slow.message).toBe(`Open-Meteo forecast API (${server.url}) did not answer within 100 ms`);
    expect(slow.unreachable).toBe(true);
    // A port nothing listens on any more.
    const gone = await startFakeOpenMeteo('2026-11-30');
    await gone.close();
    const closed = createOpenMeteoSource({ apiUrl: gone.url, archiveUrl: gone.url });
    const refused = await failure(closed.history([IDAHO], '2026-01-01', '2026-01-31'));
    expect(refused.message).toBe(`Open-Meteo archive API (${gone.url}) unreachable: ECONNREFUSED`);
    expect(refused.unreachable).toBe(true);
  });

  it('asks the archive API for a season, and for the daily rain of the climatology by year', async () => {
    server.answerWith(null);
    server.requests.length = 0;
    const [season] = await source().history([MITIDJA[0]!], '2025-09-01', '2025-09-30');
    expect(season!.days).toHaveLength(30);
    expect(season!.days.every((d) => !d.forecast)).toBe(true);
    const climate = await source().climate(MITIDJA[0]!, 1990, 2020);
    const [historyUrl, climateUrl] = server.requests;
    expect(historyUrl!.pathname).toBe('/v1/archive');
    expect(historyUrl!.searchParams.get('start_date')).toBe('2025-09-01');
    expect(historyUrl!.searchParams.get('end_date')).toBe('2025-09-30');
    expect(Object.fromEntries(climateUrl!.searchParams)).toEqual({
      latitude: '36.65',
      longitude: '2.95',
      daily: 'precipitation_sum',
      timezone: 'auto',
      start_date: '1990-01-01',
      end_date: '2020-12-31',
    });
    expect(climate.years.map((y) => y.year)).toEqual(Array.from({ length: 31 }, (_, i) => 1990 + i));
    for (const y of climate.years) expect(y.rain).toHaveLength(366);
    // The local server's made-up answer: 1.1 mm every day; 29 February only in leap years.
    const y1991 = climate.years.find((y) => y.year === 1991)!;
    const y1992 = climate.years.find((y) => y.year === 1992)!;
    expect(y1991.rain[leapIndex('02-29')]).toBe(0);
    expect(y1992.rain[leapIndex('02-29')]).toBe(1.1);
    expect(y1991.rain.reduce((s, v) => s + v, 0)).toBeCloseTo(365 * 1.1, 6);
  });
});
