import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Where a cell's weather comes from (migration 0028): the real provider, or the demo area's synthetic season. */
export const WEATHER_SOURCES = ['open-meteo', 'synthetic'] as const;
export type WeatherSourceName = (typeof WEATHER_SOURCES)[number];

/** A weather grid cell of about 0.1° (issue 31 §1): its centre, the elevation the source gave, how fresh it is. */
export const weatherCells = pgTable(
  'weather_cells',
  {
    /** "lat,lon" of its centre with two decimals, e.g. "36.65,2.95" (apps/api/src/lib/weather cellOf). */
    key: text('key').primaryKey(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    /** Metres above sea level, from the source; null until its first successful fetch. */
    elevation: doublePrecision('elevation'),
    source: text('source').$type<WeatherSourceName>().notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' }),
    climateFetchedAt: timestamp('climate_fetched_at', { withTimezone: true, mode: 'date' }),
    /** The last fetch's error (cleared by the next success). */
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [check('weather_cells_source_check', sql`${t.source} IN ('open-meteo', 'synthetic')`)],
);

/** One day of a cell, observed or forecast; units as apps/api/src/lib/weather WeatherDay. */
export const weatherDays = pgTable(
  'weather_days',
  {
    cellKey: text('cell_key')
      .notNull()
      .references(() => weatherCells.key, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    tMax: doublePrecision('t_max').notNull(),
    tMin: doublePrecision('t_min').notNull(),
    rhMax: doublePrecision('rh_max'),
    rhMin: doublePrecision('rh_min'),
    dewPoint: doublePrecision('dew_point'),
    wind10m: doublePrecision('wind_10m').notNull(),
    radiation: doublePrecision('radiation').notNull(),
    rain: doublePrecision('rain').notNull(),
    providerEt0: doublePrecision('provider_et0'),
    forecast: boolean('forecast').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'weather_days_pk', columns: [t.cellKey, t.date] })],
);

/** A cell's climatology: one year's daily rain, 366 values by day of a leap year (29 February is 0 otherwise). */
export const weatherClimate = pgTable(
  'weather_climate',
  {
    cellKey: text('cell_key')
      .notNull()
      .references(() => weatherCells.key, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    rain: doublePrecision('rain').array().notNull(),
  },
  (t) => [
    primaryKey({ name: 'weather_climate_pk', columns: [t.cellKey, t.year] }),
    check('weather_climate_days_check', sql`cardinality(${t.rain}) = 366`),
  ],
);
