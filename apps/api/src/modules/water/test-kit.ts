import type { Database } from '@filaha/db';
import type { WeatherInputs } from '@filaha/shared/contracts';
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

/**
 * FAO-56 Penman–Monteith (eqs. 6–13, 14 or 17, 21–39, 47) from a water answer's inputs, written here apart from
 * @filaha/shared's fao56.ts so the tests recompute ET0 independently.
 */
export function et0Check(w: WeatherInputs, date: string, lat: number, z: number) {
  const e0 = (x: number) => 0.6108 * Math.exp((17.27 * x) / (x + 237.3));
  const tMean = (w.tMax + w.tMin) / 2;
  const delta = (4098 * e0(tMean)) / (tMean + 237.3) ** 2;
  const gamma = 0.000665 * 101.3 * ((293 - 0.0065 * z) / 293) ** 5.26;
  const u2 = (w.wind10m * 4.87) / Math.log(67.8 * 10 - 5.42);
  const es = (e0(w.tMax) + e0(w.tMin)) / 2;
  const ea = w.dewPoint !== null ? e0(w.dewPoint) : (e0(w.tMin) * (w.rhMax! / 100) + e0(w.tMax) * (w.rhMin! / 100)) / 2;
  const J =
    Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${date.slice(0, 4)}-01-01T00:00:00Z`)) / 86_400_000) + 1;
  const phi = (lat * Math.PI) / 180;
  const dr = 1 + 0.033 * Math.cos((2 * Math.PI * J) / 365);
  const dec = 0.409 * Math.sin((2 * Math.PI * J) / 365 - 1.39);
  const ws = Math.acos(-Math.tan(phi) * Math.tan(dec));
  const ra =
    ((24 * 60) / Math.PI) *
    0.082 *
    dr *
    (ws * Math.sin(phi) * Math.sin(dec) + Math.cos(phi) * Math.cos(dec) * Math.sin(ws));
  const rso = (0.75 + 2e-5 * z) * ra;
  const rns = 0.77 * w.radiation;
  const rnl =
    4.903e-9 *
    (((w.tMax + 273.16) ** 4 + (w.tMin + 273.16) ** 4) / 2) *
    (0.34 - 0.14 * Math.sqrt(ea)) *
    (1.35 * Math.min(1, w.radiation / rso) - 0.35);
  const rn = rns - rnl;
  return (0.408 * delta * rn + gamma * (900 / (tMean + 273)) * u2 * (es - ea)) / (delta + gamma * (1 + 0.34 * u2));
}
