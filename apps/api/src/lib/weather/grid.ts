import type { WeatherCell } from './types.ts';

/** Cells per degree: a cell is 0.1° × 0.1° (about 11 km × 9 km in northern Algeria). */
export const CELLS_PER_DEGREE = 10;

/**
 * The index of the cell row or column holding a coordinate. The tiny offset keeps a coordinate written as an exact
 * tenth (3.0, 36.6) in the cell it starts, whatever the binary rounding of `x × 10`; the SQL of the refresh job uses
 * the same formula (repository.ts parcelCells).
 */
export const cellIndex = (degrees: number): number => Math.floor(degrees * CELLS_PER_DEGREE + 1e-9);

/** The cell of column `ix` and row `iy`: its centre and key ("lat,lon" with two decimals). */
export function cellAt(ix: number, iy: number): WeatherCell {
  const lon = Number(((ix + 0.5) / CELLS_PER_DEGREE).toFixed(2));
  const lat = Number(((iy + 0.5) / CELLS_PER_DEGREE).toFixed(2));
  return { key: `${lat.toFixed(2)},${lon.toFixed(2)}`, lat, lon };
}

/** The ~0.1° grid cell holding a point (longitude, latitude in degrees, WGS84): its key and centre. */
export function cellOf(lon: number, lat: number): WeatherCell {
  return cellAt(cellIndex(lon), cellIndex(lat));
}

/** The cell of a key made by cellOf, or null for anything else. */
export function cellFromKey(key: string): WeatherCell | null {
  const match = /^(-?\d{1,2}\.\d5),(-?\d{1,3}\.\d5)$/.exec(key);
  if (!match) return null;
  const cell = cellOf(Number(match[2]), Number(match[1]));
  return cell.key === key ? cell : null;
}

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of a UTC instant. */
export const isoDay = (t: number | Date): string => new Date(t).toISOString().slice(0, 10);

/** `day` moved by `n` days. */
export const addDays = (day: string, n: number): string => isoDay(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);

/** Whole days from `a` to `b`. */
export const daysBetween = (a: string, b: string): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/** Position 0–365 of a month-day ("MM-DD") in a leap year: the index into a ClimateYear's `rain`. */
export function leapIndex(monthDay: string): number {
  const match = /^(\d{2})-(\d{2})$/.exec(monthDay);
  const month = Number(match?.[1]);
  const day = Number(match?.[2]);
  const t = Date.UTC(2000, month - 1, day);
  if (!match || new Date(t).getUTCMonth() !== month - 1 || new Date(t).getUTCDate() !== day) {
    throw new Error(`expected a month-day MM-DD, got ${JSON.stringify(monthDay)}`);
  }
  return Math.round((t - Date.UTC(2000, 0, 1)) / DAY_MS);
}

/** Daily values by date → years of 366 values by leap-year position (days missing count 0). */
export function yearsFromDaily(
  days: ReadonlyArray<{ date: string; rain: number }>,
  firstYear: number,
  lastYear: number,
): Array<{ year: number; rain: number[] }> {
  const years = new Map<number, number[]>();
  for (let y = firstYear; y <= lastYear; y++) years.set(y, new Array<number>(366).fill(0));
  for (const d of days) {
    const rain = years.get(Number(d.date.slice(0, 4)));
    if (rain) rain[leapIndex(d.date.slice(5))] = d.rain;
  }
  return [...years].map(([year, rain]) => ({ year, rain }));
}
