import type { Database } from '@filaha/db';
import { addDays, createWeatherRepository, type WeatherDay } from '../../lib/weather/index.ts';

/**
 * Test helpers of the water balance (water.test.ts, the alert rules' tests): a deterministic season of weather for
 * a parcel's cell, and its climatology. Nothing here is observed weather.
 */
export const TEST_ELEVATION = 40;

/**
 * A Mitidja-like day for the tests: a mild wet winter (12 mm every 4th day of the month), dry from `dryFrom` to
 * `dryTo` (by default 1 April – 31 May 2026).
 */
export function testWeatherOf(
  date: string,
  forecast = false,
  dry: { from: string; to: string } = { from: '2026-04-01', to: '2026-06-01' },
): WeatherDay {
  const doy = (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${date.slice(0, 4)}-01-01T00:00:00Z`)) / 86_400_000;
  const season = Math.cos(((doy - 200) / 365) * 2 * Math.PI); // 1 in mid-July, −1 in mid-January
  const n = Number(date.slice(8, 10));
  const isDry = date >= dry.from && date < dry.to;
  return {
    date,
    tMax: 24 + 9 * season,
    tMin: 11 + 7 * season,
    rhMax: 85 - 10 * season,
    rhMin: 50 - 15 * season,
    dewPoint: null,
    wind10m: 2.5 + (n % 3) * 0.5,
    radiation: 16 + 9 * season,
    rain: isDry ? 0 : n % 4 === 0 ? 12 : 0,
    providerEt0: null,
    forecast,
  };
}

/**
 * The parcel's cell with `testWeatherOf` days from `from` to `to` (observed up to `observedTo`, forecast after),
 * and a 1990–2020 climatology of 6 … 18 mm every 4th day of the leap-year index (scaled by the year).
 */
export async function seedParcelWeather(
  database: Database,
  parcelId: number,
  options: { from?: string; to?: string; observedTo?: string; dry?: { from: string; to: string } } = {},
) {
  const { from = '2025-09-01', to = '2026-04-27', observedTo = '2026-04-20', dry } = options;
  const weather = createWeatherRepository(database.db);
  const cell = (await weather.cellOfParcel(parcelId))!;
  await weather.addCells([{ ...cell, source: 'synthetic' }]);
  const days: WeatherDay[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(testWeatherOf(d, d > observedTo, dry));
  await weather.storeDays(cell.key, TEST_ELEVATION, days, new Date(`${observedTo}T18:00:00Z`));
  const years = [];
  for (let year = 1990; year <= 2020; year++) {
    const rain = new Array<number>(366).fill(0);
    for (let i = 0; i < 366; i += 4) rain[i] = 6 + (year - 1990) * 0.4;
    years.push({ year, rain });
  }
  await weather.storeClimate(cell.key, TEST_ELEVATION, years, new Date(`${observedTo}T18:00:00Z`));
  return cell;
}
