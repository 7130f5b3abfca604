import { mulberry32 } from '@filaha/imagery';
import { DEMO_AREA, DEMO_PATCH, dayOfYear, extraterrestrialRadiation } from '@filaha/shared';
import { addDays, isoDay, yearsFromDaily } from './grid.ts';
import type { CellWeather, WeatherCell, WeatherDay, WeatherSource } from './types.ts';

/**
 * The demo area's synthetic weather (issue 31 §1), labelled `synthetic` wherever it surfaces like the demo imagery:
 * a Mitidja-like Mediterranean climate (about 635 mm a year, nearly all of it from October to April; mild wet
 * winters, hot dry summers), the same numbers on every run (seeded by the date, never Math.random), with the
 * 2024–25 season the demo catalog paints: a wet winter, then no rain from DEMO_DRY_SPELL.from and a hot, dry wind
 * (sirocco) in the week before the weaker patch's NDVI drop of 22 April 2025 (DEMO_PATCH) — the dry spell behind it.
 * Its climatology (1990–2020) is drawn from the same monthly normals, each year wetter or drier than the next.
 * Nothing here is observed weather.
 */

/** The first day the synthetic history starts from: the demo imagery's season (2024–25) from its first day. */
export const SYNTHETIC_HISTORY_FROM = '2024-09-01';
/** No rain in the demo area over these days (inclusive): the spring dry spell before the 22 April drop. */
export const DEMO_DRY_SPELL = { from: '2025-03-22', to: '2025-04-30' } as const;
/** A hot, dry, windy week inside the dry spell, ending just before the drop (DEMO_PATCH.date). */
export const DEMO_SIROCCO = { from: '2025-04-13', to: addDays(DEMO_PATCH.date, -3) } as const;

/**
 * The 2024–25 winter's rain fronts (mm), on top of the drawn showers: the demo season's wet winter, the wheat's
 * tillering in February on a full profile.
 */
export const DEMO_WINTER_STORMS: Readonly<Record<string, number>> = {
  '2024-12-08': 24.6,
  '2024-12-09': 11.2,
  '2024-12-20': 18.4,
  '2025-01-26': 21.8,
  '2025-02-10': 16.5,
  '2025-02-11': 8.3,
};

/** Monthly rain normals of the synthetic climate (mm) and wet days per month, January first. */
const MONTH_RAIN = [95, 80, 65, 55, 35, 8, 2, 5, 25, 60, 95, 110];
const MONTH_WET_DAYS = [10, 9, 8, 7, 5, 2, 0.5, 1, 3, 6, 9, 10];
const MONTH_DAYS = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** FNV-1a: a 32-bit seed from a text. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A number in [0, 1) fixed by a text. */
const draw = (text: string): number => mulberry32(seedOf(text))();

/** Smooth noise in [-1, 1] over days: values drawn every 4 days, interpolated between. */
function smoothNoise(day: string, stream: string): number {
  const t = Date.parse(`${day}T00:00:00Z`) / 86_400_000;
  const k = Math.floor(t / 4);
  const f = t / 4 - k;
  const a = draw(`${stream}:${k}`) * 2 - 1;
  const b = draw(`${stream}:${k + 1}`) * 2 - 1;
  return a + (b - a) * (f * f * (3 - 2 * f));
}

const inRange = (day: string, range: { from: string; to: string }) => day >= range.from && day <= range.to;

/**
 * The synthetic rain of a day (mm): wet or dry by the month's wet-day frequency, the amount around the month's mean
 * per wet day; `factor` scales it (a cell's ±5 %, a climatology year's wetter or drier). The same draw for every
 * cell on a date, so neighbouring cells rain together.
 */
function rainOn(day: string, factor: number, stream = 'rain'): number {
  if (inRange(day, DEMO_DRY_SPELL)) return 0;
  if (stream === 'rain' && DEMO_WINTER_STORMS[day]) return Math.round(DEMO_WINTER_STORMS[day]! * factor * 10) / 10;
  const month = Number(day.slice(5, 7)) - 1;
  const random = mulberry32(seedOf(`${stream}:${day}`));
  if (random() >= MONTH_WET_DAYS[month]! / MONTH_DAYS[month]!) return 0;
  const perWetDay = MONTH_RAIN[month]! / MONTH_WET_DAYS[month]!;
  // Exponential around the mean, at most 4 times it.
  const amount = perWetDay * Math.min(4, -Math.log(1 - random() * 0.98)) * factor;
  return Math.round(amount * 10) / 10;
}

/** The cell's own small differences: rain ±5 %, elevation of the Mitidja plain (40–120 m). */
function cellTraits(cell: WeatherCell) {
  return {
    rainFactor: 0.95 + 0.1 * draw(`cell-rain:${cell.key}`),
    elevation: Math.round(40 + 80 * draw(`cell:${cell.key}`)),
  };
}

/** One synthetic day of a cell (`today`: the first day not yet observed). */
export function syntheticDay(cell: WeatherCell, day: string, today: string): WeatherDay {
  const { rainFactor, elevation } = cellTraits(cell);
  const j = dayOfYear(day);
  // 0 in mid-January, 1 in mid-July.
  const summer = (1 - Math.cos((2 * Math.PI * (j - 20)) / 365)) / 2;
  const rain = rainOn(day, rainFactor);
  const wet = rain >= 1;
  const dry = inRange(day, DEMO_DRY_SPELL);
  const sirocco = inRange(day, DEMO_SIROCCO);
  const anomaly = 2 * smoothNoise(day, 'temperature');
  let tMean = 11 + 15 * summer + anomaly - (wet ? 1.5 : 0) + (dry ? 1.5 : 0);
  let range = (8 + 5 * summer) * (wet ? 0.6 : 1);
  if (sirocco) {
    tMean += 6;
    range += 3;
  }
  const tMax = tMean + range / 2;
  const tMin = tMean - range / 2;
  const humid = smoothNoise(day, 'humidity');
  const rhMax = sirocco ? 50 : wet ? 97 : Math.min(98, 92 - 6 * summer + 3 * humid);
  const rhMin = sirocco ? 16 : wet ? 72 : Math.max(15, 56 - 18 * summer + 6 * humid - (dry ? 10 : 0));
  const wind10m = sirocco ? 4.8 : 2.6 + 0.8 * smoothNoise(day, 'wind') + (wet ? 1.2 : 0);
  const { ra } = extraterrestrialRadiation(cell.lat, j);
  const clearSky = (0.75 + 2e-5 * elevation) * ra;
  const cloud = sirocco ? 0.82 : wet ? 0.35 + 0.2 * draw(`cloud:${day}`) : 0.8 + 0.17 * draw(`cloud:${day}`);
  const round1 = (v: number) => Math.round(v * 10) / 10;
  return {
    date: day,
    tMax: round1(tMax),
    tMin: round1(tMin),
    rhMax: Math.round(rhMax),
    rhMin: Math.round(rhMin),
    dewPoint: null,
    wind10m: round1(wind10m),
    radiation: Math.round(clearSky * cloud * 100) / 100,
    rain,
    providerEt0: null,
    forecast: day >= today,
  };
}

/** Whether the synthetic source answers for a cell: a cell over the demo area (DEMO_AREA). */
export function syntheticCovers(cell: WeatherCell): boolean {
  const half = 0.05;
  return (
    cell.lon + half > DEMO_AREA.west &&
    cell.lon - half < DEMO_AREA.east &&
    cell.lat + half > DEMO_AREA.south &&
    cell.lat - half < DEMO_AREA.north
  );
}

/** The Algerian local day (UTC+1, no daylight saving) of an instant. */
const algiersDay = (now: Date) => isoDay(now.getTime() + 3_600_000);

function range(cell: WeatherCell, from: string, to: string, today: string): CellWeather {
  const days: WeatherDay[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(syntheticDay(cell, d, today));
  return { key: cell.key, elevation: cellTraits(cell).elevation, days };
}

/** The synthetic source: no network, deterministic; `now` fixes which days are forecast. */
export function createSyntheticWeatherSource(): WeatherSource {
  return {
    name: 'synthetic',
    batchSize: 100,
    historyFrom: SYNTHETIC_HISTORY_FROM,
    async recent(cells, { pastDays, forecastDays, now }) {
      const today = algiersDay(now);
      return cells.map((cell) => range(cell, addDays(today, -pastDays), addDays(today, forecastDays - 1), today));
    },
    async history(cells, from, to) {
      return cells.map((cell) => range(cell, from, to, '9999-12-31'));
    },
    async climate(cell, firstYear, lastYear) {
      const { rainFactor, elevation } = cellTraits(cell);
      const days: Array<{ date: string; rain: number }> = [];
      for (let year = firstYear; year <= lastYear; year++) {
        // Each year of the normals wetter or drier (×0.6 to ×1.4), its rain days drawn apart from the demo season's.
        const factor = rainFactor * (0.6 + 0.8 * draw(`year:${year}`));
        for (let d = `${year}-01-01`; d <= `${year}-12-31`; d = addDays(d, 1)) {
          days.push({ date: d, rain: rainOn(d, factor, 'climate-rain') });
        }
      }
      return { elevation, years: yearsFromDaily(days, firstYear, lastYear) };
    },
  };
}
