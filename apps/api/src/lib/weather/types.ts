import type { WeatherSourceName } from '@filaha/db';

/**
 * One day of a weather cell (issue 31 §1), in FAO-56's units: what `referenceEt0` (@filaha/shared fao56.ts) takes,
 * with the wind still at its measuring height.
 */
export interface WeatherDay {
  /**
   * YYYY-MM-DD: the provider's local day — Open-Meteo is asked for each cell's own time zone (`timezone=auto`, so
   * Africa/Algiers, UTC+1, in Algeria); the synthetic demo season uses the same calendar days.
   */
  date: string;
  /** Daily maximum and minimum air temperature at 2 m, °C. */
  tMax: number;
  tMin: number;
  /** Daily maximum and minimum relative humidity at 2 m, %; null when the provider has none. */
  rhMax: number | null;
  rhMin: number | null;
  /** Daily mean dew point at 2 m, °C; null when the provider has none. */
  dewPoint: number | null;
  /**
   * Daily MEAN wind speed at 10 m, m/s (Open-Meteo's `wind_speed_10m_mean`, converted from its unit) — FAO-56 takes
   * the day's mean wind; the daily maximum (`wind_speed_10m_max`) overstates ET0 by 1–2 mm/day in summer. Convert it
   * to 2 m with fao56 `windAt2m(wind10m, 10)`.
   */
  wind10m: number;
  /** Incoming shortwave radiation, sum of the day, MJ m⁻² day⁻¹. */
  radiation: number;
  /** Precipitation sum of the day, mm. */
  rain: number;
  /** The provider's own FAO-56 reference evapotranspiration, mm/day (Open-Meteo's, from hourly values); null if none. */
  providerEt0: number | null;
  /** True for days not yet observed: today (incomplete) and the forecast days after it. */
  forecast: boolean;
}

/** The ~0.1° grid cell holding a point: its key and its centre (where the source is asked). */
export interface WeatherCell {
  /** "lat,lon" of the centre with two decimals, e.g. "36.65,2.95". */
  key: string;
  lat: number;
  lon: number;
}

/** What a source answers for one cell: the elevation it knows (m) and days in date order. */
export interface CellWeather {
  key: string;
  elevation: number;
  days: WeatherDay[];
}

/** One year of a cell's climatology: daily rain (mm), 366 values by day of a leap year (29 February 0 otherwise). */
export interface ClimateYear {
  year: number;
  rain: number[];
}

/**
 * A weather provider, seen from the refresh job: it fetches days and the elevation of cells, several cells per
 * request where the provider allows it. Production: Open-Meteo (open-meteo.ts); the demo area: the synthetic season
 * (synthetic.ts). Errors are thrown with a message that names the provider and what went wrong.
 */
export interface WeatherSource {
  readonly name: WeatherSourceName;
  /** Cells asked in one request at most (the job batches by this). */
  readonly batchSize: number;
  /** The first day this source can give history from, when it is earlier than the job's default season start. */
  readonly historyFrom?: string;
  /**
   * The last `pastDays` observed days, today and the next `forecastDays - 1` days of each cell (`forecast` set on
   * today and after, by the cell's local day at `now`).
   */
  recent(cells: WeatherCell[], window: { pastDays: number; forecastDays: number; now: Date }): Promise<CellWeather[]>;
  /** Observed days from `from` to `to` (inclusive, YYYY-MM-DD) of each cell: the season before the recent window. */
  history(cells: WeatherCell[], from: string, to: string): Promise<CellWeather[]>;
  /** Daily rain of each year from `firstYear` to `lastYear` of one cell (the climatology, fetched once per cell). */
  climate(cell: WeatherCell, firstYear: number, lastYear: number): Promise<{ elevation: number; years: ClimateYear[] }>;
}

/** The climatology's normal period (WMO's current standard normals) … */
export const CLIMATE_FIRST_YEAR = 1991;
export const CLIMATE_LAST_YEAR = 2020;
/** … and the year fetched before it, so a window across the new year has 30 complete seasons (ending 1991–2020). */
export const CLIMATE_FETCH_FIRST_YEAR = CLIMATE_FIRST_YEAR - 1;
