import { z } from 'zod';
import { isoDay, yearsFromDaily } from './grid.ts';
import type { CellWeather, ClimateYear, WeatherCell, WeatherDay, WeatherSource } from './types.ts';

/**
 * Open-Meteo (https://open-meteo.com), the production weather source (issue 31 §1): its forecast API
 * (`/v1/forecast`: the recent observed days with `past_days`, and the forecast) and its historical weather API
 * (`/v1/archive`: the season before that, and the 1991–2020 climatology). Several cells are asked in one request:
 * the API takes comma-separated `latitude` / `longitude` lists and answers a JSON array, in the same order. Every
 * value is converted from the unit its answer's `daily_units` states, so the answer's units are not assumed.
 * Terms: the free API is for non-commercial use, its data under CC BY 4.0 (credit Open-Meteo); commercial use takes
 * its paid API, with an `apikey` (README "Weather").
 */

/** The daily variables asked; the wind is the day's MEAN at 10 m (types.ts WeatherDay.wind10m says why). */
export const DAILY_VARIABLES = [
  'temperature_2m_max',
  'temperature_2m_min',
  'relative_humidity_2m_max',
  'relative_humidity_2m_min',
  'dew_point_2m_mean',
  'wind_speed_10m_mean',
  'shortwave_radiation_sum',
  'precipitation_sum',
  'et0_fao_evapotranspiration',
] as const;

export interface OpenMeteoOptions {
  /** Forecast API host, e.g. https://api.open-meteo.com (WEATHER_API_URL). */
  apiUrl: string;
  /** Historical weather API host, e.g. https://archive-api.open-meteo.com (WEATHER_ARCHIVE_URL). */
  archiveUrl: string;
  /** Open-Meteo's `apikey` for its commercial API (WEATHER_API_KEY). */
  apiKey?: string;
  /** Milliseconds before a request is given up (default 30 s). */
  timeoutMs?: number;
  /** Cells per request (default 50). */
  batchSize?: number;
}

/** An Open-Meteo request that failed: the message names the API, the host and the cause (never the key). */
export class WeatherFetchError extends Error {
  /** @param unreachable no answer at all (network, time-out): the job asks this source nothing more this run. */
  constructor(
    message: string,
    readonly unreachable = false,
  ) {
    super(message);
    this.name = 'WeatherFetchError';
  }
}

const series = z.array(z.number().nullable());
const Location = z.object({
  latitude: z.number(),
  longitude: z.number(),
  elevation: z.number(),
  utc_offset_seconds: z.number().default(0),
  daily_units: z.record(z.string(), z.string()),
  daily: z.object({ time: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)) }).catchall(series),
});
type Location = z.infer<typeof Location>;
const Answer = z.union([Location, z.array(Location)]);
const ErrorAnswer = z.object({ error: z.literal(true), reason: z.string() });

/** Converters from the units Open-Meteo documents (`temperature_unit`, `wind_speed_unit`, `precipitation_unit`). */
const TO_CELSIUS: Record<string, (v: number) => number> = { '°C': (v) => v, '°F': (v) => ((v - 32) * 5) / 9 };
const TO_METRES_PER_SECOND: Record<string, (v: number) => number> = {
  'm/s': (v) => v,
  'km/h': (v) => v / 3.6,
  'mp/h': (v) => v * 0.44704,
  mph: (v) => v * 0.44704,
  kn: (v) => (v * 1852) / 3600,
};
const TO_MM: Record<string, (v: number) => number> = { mm: (v) => v, inch: (v) => v * 25.4 };
const SAME: Record<string, (v: number) => number> = { '%': (v) => v };
const TO_MJ: Record<string, (v: number) => number> = { 'MJ/m²': (v) => v };

function converter(
  location: Location,
  variable: string,
  table: Record<string, (v: number) => number>,
): (i: number) => number | null {
  const values = location.daily[variable] as Array<number | null> | undefined;
  if (!values) return () => null;
  const unit = location.daily_units[variable] ?? '';
  const convert = table[unit];
  if (!convert) {
    throw new WeatherFetchError(`Open-Meteo answered ${variable} in an unexpected unit ${JSON.stringify(unit)}`);
  }
  return (i) => {
    const v = values[i];
    return v === null || v === undefined ? null : convert(v);
  };
}

/** The days of one location of an answer, in WeatherDay's units; days missing a required value are left out. */
export function daysOf(location: Location, now: Date | null): WeatherDay[] {
  const tMax = converter(location, 'temperature_2m_max', TO_CELSIUS);
  const tMin = converter(location, 'temperature_2m_min', TO_CELSIUS);
  const rhMax = converter(location, 'relative_humidity_2m_max', SAME);
  const rhMin = converter(location, 'relative_humidity_2m_min', SAME);
  const dewPoint = converter(location, 'dew_point_2m_mean', TO_CELSIUS);
  const wind = converter(location, 'wind_speed_10m_mean', TO_METRES_PER_SECOND);
  const radiation = converter(location, 'shortwave_radiation_sum', TO_MJ);
  const rain = converter(location, 'precipitation_sum', TO_MM);
  const et0 = converter(location, 'et0_fao_evapotranspiration', TO_MM);
  // The location's own "today" (its time zone's offset): that day and the following are not observed yet.
  const today = now ? isoDay(now.getTime() + location.utc_offset_seconds * 1000) : null;
  const days: WeatherDay[] = [];
  location.daily.time.forEach((date, i) => {
    const [hi, lo, w, rs, p] = [tMax(i), tMin(i), wind(i), radiation(i), rain(i)];
    if (hi === null || lo === null || w === null || rs === null || p === null) return;
    days.push({
      date,
      tMax: hi,
      tMin: lo,
      rhMax: rhMax(i),
      rhMin: rhMin(i),
      dewPoint: dewPoint(i),
      wind10m: w,
      radiation: rs,
      rain: p,
      providerEt0: et0(i),
      forecast: today !== null && date >= today,
    });
  });
  return days;
}

/** The Open-Meteo source. */
export function createOpenMeteoSource(options: OpenMeteoOptions): WeatherSource {
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function get(api: 'forecast' | 'archive', params: Record<string, string>): Promise<Location[]> {
    const base = api === 'forecast' ? options.apiUrl : options.archiveUrl;
    const url = new URL(`/v1/${api}`, base);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    if (options.apiKey) url.searchParams.set('apikey', options.apiKey);
    const what = `Open-Meteo ${api} API (${url.origin})`;
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    } catch (error) {
      const e = error as Error & { cause?: { code?: string; message?: string } };
      if (e.name === 'TimeoutError' || e.name === 'AbortError') {
        const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
        throw new WeatherFetchError(`${what} did not answer within ${limit}`, true);
      }
      throw new WeatherFetchError(`${what} unreachable: ${e.cause?.code ?? e.cause?.message ?? e.message}`, true);
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new WeatherFetchError(
        `${what} answered HTTP ${response.status} with something else than JSON: ${text.slice(0, 120)}`,
      );
    }
    if (!response.ok) {
      const reason = ErrorAnswer.safeParse(body);
      throw new WeatherFetchError(
        `${what} answered HTTP ${response.status}: ${reason.success ? reason.data.reason : text.slice(0, 200)}`,
      );
    }
    const parsed = Answer.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new WeatherFetchError(
        `${what} answered JSON not in its documented form (${issue?.path.join('.') || 'answer'}: ${issue?.message})`,
      );
    }
    return Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  }

  const coordinates = (cells: WeatherCell[]) => ({
    latitude: cells.map((c) => c.lat.toFixed(2)).join(','),
    longitude: cells.map((c) => c.lon.toFixed(2)).join(','),
  });

  function byCell(cells: WeatherCell[], locations: Location[], now: Date | null): CellWeather[] {
    if (locations.length !== cells.length) {
      throw new WeatherFetchError(`Open-Meteo answered ${locations.length} locations for ${cells.length} asked`);
    }
    return cells.map((cell, i) => ({
      key: cell.key,
      elevation: locations[i]!.elevation,
      days: daysOf(locations[i]!, now),
    }));
  }

  return {
    name: 'open-meteo',
    batchSize: options.batchSize ?? 50,
    async recent(cells, { pastDays, forecastDays, now }) {
      const locations = await get('forecast', {
        ...coordinates(cells),
        daily: DAILY_VARIABLES.join(','),
        // Each cell's own local days (Africa/Algiers in Algeria).
        timezone: 'auto',
        past_days: String(Math.max(0, Math.min(92, pastDays))),
        forecast_days: String(Math.max(1, Math.min(16, forecastDays))),
        wind_speed_unit: 'ms',
      });
      return byCell(cells, locations, now);
    },
    async history(cells, from, to) {
      const locations = await get('archive', {
        ...coordinates(cells),
        daily: DAILY_VARIABLES.join(','),
        timezone: 'auto',
        start_date: from,
        end_date: to,
        wind_speed_unit: 'ms',
      });
      return byCell(cells, locations, null);
    },
    async climate(cell, firstYear, lastYear) {
      const [location] = await get('archive', {
        ...coordinates([cell]),
        daily: 'precipitation_sum',
        timezone: 'auto',
        start_date: `${firstYear}-01-01`,
        end_date: `${lastYear}-12-31`,
      });
      if (!location) throw new WeatherFetchError('Open-Meteo archive API answered no location');
      const rain = converter(location, 'precipitation_sum', TO_MM);
      const days = location.daily.time.map((date, i) => ({ date, rain: rain(i) }));
      // A climatology with holes would pass for a drought: refuse it (its next run asks again).
      const missing = days.filter((d) => d.rain === null).length;
      if (days.length === 0 || missing > days.length * 0.01) {
        throw new WeatherFetchError(
          `Open-Meteo archive API gave ${days.length - missing} of the climatology's days with rain, too few`,
        );
      }
      const years: ClimateYear[] = yearsFromDaily(
        days.map((d) => ({ date: d.date, rain: d.rain ?? 0 })),
        firstYear,
        lastYear,
      );
      return { elevation: location.elevation, years };
    },
  };
}
