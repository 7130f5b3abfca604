import {
  and,
  asc,
  eq,
  gte,
  inArray,
  lte,
  sql,
  weatherCells,
  weatherClimate,
  weatherDays,
  type Db,
  type WeatherSourceName,
} from '@filaha/db';
import { cellAt, cellOf, leapIndex } from './grid.ts';
import { CLIMATE_FIRST_YEAR, CLIMATE_LAST_YEAR, type ClimateYear, type WeatherCell, type WeatherDay } from './types.ts';

/** A cached cell as the water balance reads it. */
export interface StoredCell {
  key: string;
  lat: number;
  lon: number;
  /** Metres, from the source (FAO-56's altitude). */
  elevation: number;
  source: WeatherSourceName;
  /** The last successful fetch of its days. */
  refreshedAt: string | null;
  /** The last fetch's error, if it failed since its last success. */
  lastError: string | null;
}

/** What the refresh job knows of a cell before fetching it. */
export interface CellState {
  key: string;
  source: WeatherSourceName;
  refreshedAt: Date | null;
  climateFetchedAt: Date | null;
  /** The last observed (not forecast) day stored; null when none. */
  lastObserved: string | null;
  /** The first day stored; null when none. */
  firstDay: string | null;
}

const ROWS_PER_INSERT = 500;

/** The weather cache (migration 0028): the refresh job writes it, the water balance reads it. */
export function createWeatherRepository(db: Db) {
  return {
    /** Days of a cell from `from` to `to` (inclusive, YYYY-MM-DD), in date order, from the database cache. */
    async days(cellKey: string, from: string, to: string): Promise<WeatherDay[]> {
      const rows = await db
        .select()
        .from(weatherDays)
        .where(and(eq(weatherDays.cellKey, cellKey), gte(weatherDays.date, from), lte(weatherDays.date, to)))
        .orderBy(asc(weatherDays.date));
      return rows.map((r) => ({
        date: r.date,
        tMax: r.tMax,
        tMin: r.tMin,
        rhMax: r.rhMax,
        rhMin: r.rhMin,
        dewPoint: r.dewPoint,
        wind10m: r.wind10m,
        radiation: r.radiation,
        rain: r.rain,
        providerEt0: r.providerEt0,
        forecast: r.forecast,
      }));
    },

    /** A cell once its source has answered for it (elevation known); null before that or for an unknown key. */
    async cell(cellKey: string): Promise<StoredCell | null> {
      const [row] = await db.select().from(weatherCells).where(eq(weatherCells.key, cellKey));
      if (!row || row.elevation === null) return null;
      return {
        key: row.key,
        lat: row.lat,
        lon: row.lon,
        elevation: row.elevation,
        source: row.source,
        refreshedAt: row.refreshedAt?.toISOString() ?? null,
        lastError: row.lastError,
      };
    },

    /**
     * Rain totals of the same calendar window (month-day `fromMonthDay`..`toMonthDay`, "MM-DD", both included; it may
     * wrap the new year, e.g. 09-01..04-20) in each year of the climatology (1991–2020, a wrapped window counted in
     * the year it ends): 30 numbers in year order, or null when the cell has no climatology yet. 29 February counts
     * in leap years only.
     */
    async climateRainTotals(cellKey: string, fromMonthDay: string, toMonthDay: string): Promise<number[] | null> {
      const start = leapIndex(fromMonthDay);
      const end = leapIndex(toMonthDay);
      const wraps = end < start;
      const rows = await db
        .select({ year: weatherClimate.year, rain: weatherClimate.rain })
        .from(weatherClimate)
        .where(eq(weatherClimate.cellKey, cellKey));
      const byYear = new Map(rows.map((r) => [r.year, r.rain]));
      const sum = (rain: number[], from: number, to: number) => {
        let total = 0;
        for (let i = from; i <= to; i++) total += rain[i] ?? 0;
        return total;
      };
      const totals: number[] = [];
      for (let year = CLIMATE_FIRST_YEAR; year <= CLIMATE_LAST_YEAR; year++) {
        const rain = byYear.get(year);
        const before = byYear.get(year - 1);
        if (!rain || (wraps && !before)) return null;
        const total = wraps ? sum(before!, start, 365) + sum(rain, 0, end) : sum(rain, start, end);
        totals.push(Math.round(total * 10) / 10);
      }
      return totals;
    },

    /** The cell holding a parcel (its point on surface), or null for an unknown parcel. */
    async cellOfParcel(parcelId: number): Promise<WeatherCell | null> {
      const { rows } = await db.execute<{ lon: number; lat: number }>(sql`
        SELECT ST_X(pt) AS lon, ST_Y(pt) AS lat FROM (SELECT ST_PointOnSurface(geom) AS pt FROM parcels WHERE id = ${parcelId}) s`);
      const row = rows[0];
      return row ? cellOf(Number(row.lon), Number(row.lat)) : null;
    },

    /**
     * The distinct cells of every parcel (farmers' and organisations'), each with its number of parcels: one row
     * per cell whatever the number of parcels in it. Same formula as grid.ts cellIndex.
     */
    async parcelCells(): Promise<Array<WeatherCell & { parcels: number }>> {
      const { rows } = await db.execute<{ ix: number; iy: number; parcels: number }>(sql`
        SELECT floor(ST_X(pt) * 10 + 1e-9)::int AS ix, floor(ST_Y(pt) * 10 + 1e-9)::int AS iy, count(*)::int AS parcels
        FROM (SELECT ST_PointOnSurface(geom) AS pt FROM parcels) s
        GROUP BY 1, 2
        ORDER BY 2, 1`);
      return rows.map((r) => ({ ...cellAt(Number(r.ix), Number(r.iy)), parcels: Number(r.parcels) }));
    },

    /** What is stored of these cells (none for a cell never seen). */
    async cellStates(keys: string[]): Promise<Map<string, CellState>> {
      if (keys.length === 0) return new Map();
      const { rows } = await db.execute<{
        key: string;
        source: WeatherSourceName;
        refreshed_at: string | Date | null;
        climate_fetched_at: string | Date | null;
        last_observed: string | null;
        first_day: string | null;
      }>(sql`
        SELECT c.key, c.source, c.refreshed_at, c.climate_fetched_at,
          (SELECT max(d.date)::text FROM weather_days d WHERE d.cell_key = c.key AND NOT d.forecast) AS last_observed,
          (SELECT min(d.date)::text FROM weather_days d WHERE d.cell_key = c.key) AS first_day
        FROM weather_cells c
        WHERE c.key IN (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`);
      const date = (v: string | Date | null) => (v === null ? null : new Date(v));
      return new Map(
        rows.map((r) => [
          r.key,
          {
            key: r.key,
            source: r.source,
            refreshedAt: date(r.refreshed_at),
            climateFetchedAt: date(r.climate_fetched_at),
            lastObserved: r.last_observed,
            firstDay: r.first_day,
          },
        ]),
      );
    },

    /** Records cells never seen, with their source. */
    async addCells(cells: Array<WeatherCell & { source: WeatherSourceName }>): Promise<void> {
      for (let i = 0; i < cells.length; i += ROWS_PER_INSERT) {
        const part = cells.slice(i, i + ROWS_PER_INSERT);
        await db
          .insert(weatherCells)
          .values(part.map((c) => ({ key: c.key, lat: c.lat, lon: c.lon, source: c.source })))
          .onConflictDoNothing();
      }
    },

    /** A cell whose source changed (the demo data turned on or off): its days and climatology are dropped. */
    async resetCell(key: string, source: WeatherSourceName): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(weatherDays).where(eq(weatherDays.cellKey, key));
        await tx.delete(weatherClimate).where(eq(weatherClimate.cellKey, key));
        await tx
          .update(weatherCells)
          .set({
            source,
            elevation: null,
            refreshedAt: null,
            climateFetchedAt: null,
            lastError: null,
            lastErrorAt: null,
          })
          .where(eq(weatherCells.key, key));
      });
    },

    /**
     * Stores a cell's days: a day already stored is overwritten (a forecast day by its observation, an observed day
     * by a later revision), but an observed day never by a forecast.
     */
    async storeDays(key: string, elevation: number, days: WeatherDay[], at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        for (let i = 0; i < days.length; i += ROWS_PER_INSERT) {
          const part = days.slice(i, i + ROWS_PER_INSERT);
          await tx
            .insert(weatherDays)
            .values(part.map((d) => ({ cellKey: key, ...d, fetchedAt: at })))
            .onConflictDoUpdate({
              target: [weatherDays.cellKey, weatherDays.date],
              set: {
                tMax: sql`excluded.t_max`,
                tMin: sql`excluded.t_min`,
                rhMax: sql`excluded.rh_max`,
                rhMin: sql`excluded.rh_min`,
                dewPoint: sql`excluded.dew_point`,
                wind10m: sql`excluded.wind_10m`,
                radiation: sql`excluded.radiation`,
                rain: sql`excluded.rain`,
                providerEt0: sql`excluded.provider_et0`,
                forecast: sql`excluded.forecast`,
                fetchedAt: sql`excluded.fetched_at`,
              },
              setWhere: sql`${weatherDays.forecast} OR NOT excluded.forecast`,
            });
        }
        await tx
          .update(weatherCells)
          .set({ elevation, refreshedAt: at, lastError: null, lastErrorAt: null })
          .where(eq(weatherCells.key, key));
      });
    },

    /** Stores a cell's climatology (replacing any) and marks it fetched. */
    async storeClimate(key: string, elevation: number, years: ClimateYear[], at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(weatherClimate).where(eq(weatherClimate.cellKey, key));
        if (years.length > 0) {
          await tx.insert(weatherClimate).values(years.map((y) => ({ cellKey: key, year: y.year, rain: y.rain })));
        }
        await tx
          .update(weatherCells)
          .set({ climateFetchedAt: at, elevation: sql`coalesce(${weatherCells.elevation}, ${elevation})` })
          .where(eq(weatherCells.key, key));
      });
    },

    /** Records a failed fetch on its cells (their cached days stay as they were). */
    async markFailed(keys: string[], message: string, at: Date): Promise<void> {
      if (keys.length === 0) return;
      await db
        .update(weatherCells)
        .set({ lastError: message.slice(0, 500), lastErrorAt: at })
        .where(inArray(weatherCells.key, keys));
    },
  };
}

export type WeatherRepository = ReturnType<typeof createWeatherRepository>;
