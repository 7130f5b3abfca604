import type { Db } from '@filaha/db';
import type { WeatherConfig } from '../config.ts';
import {
  addDays,
  CLIMATE_FETCH_FIRST_YEAR,
  CLIMATE_LAST_YEAR,
  createOpenMeteoSource,
  createSyntheticWeatherSource,
  createWeatherRepository,
  daysBetween,
  isoDay,
  syntheticCovers,
  type CellState,
  type WeatherCell,
  type WeatherSource,
} from '../lib/weather/index.ts';
import { backfillStart } from './catalog-poll.ts';

/** The forecast days kept (today and the 6 after it: the water plan's week). */
export const FORECAST_DAYS = 7;
/** Open-Meteo's forecast API gives at most this many past days; older days come from its archive. */
export const MAX_PAST_DAYS = 92;
/** Past days asked again on every refresh at least: the provider revises its last days. */
export const MIN_PAST_DAYS = 3;
/** A cell refreshed this recently is left alone (a restart, a second run queued by hand). */
export const REFRESH_MIN_AGE_MS = 60 * 60_000;

/** Where the cells' weather comes from: the provider, and over the demo area the synthetic season (DEMO_DATA). */
export interface WeatherSources {
  source: WeatherSource;
  demo?: { source: WeatherSource; covers(cell: WeatherCell): boolean };
}

/** The sources of a configuration: Open-Meteo (WEATHER_*), the synthetic season over the demo area with DEMO_DATA. */
export function weatherSourcesFromConfig(weather: WeatherConfig, demoData: boolean): WeatherSources {
  return {
    source: createOpenMeteoSource({ apiUrl: weather.apiUrl, archiveUrl: weather.archiveUrl, apiKey: weather.apiKey }),
    ...(demoData ? { demo: { source: createSyntheticWeatherSource(), covers: syntheticCovers } } : {}),
  };
}

export interface WeatherRefreshDeps extends WeatherSources {
  db: Db;
  now?: () => Date;
}

export interface WeatherRefreshResult {
  /** Parcels and the distinct cells holding them. */
  parcels: number;
  cells: number;
  /** Requests made to the sources (days, history, climatology). */
  requests: number;
  /** Cells whose days were stored, and whose climatology was. */
  refreshed: number;
  climates: number;
  /** Cells a request failed for (their error is on the cell: weather_cells.last_error). */
  failed: number;
  /** The distinct error messages (at most 5). */
  errors: string[];
}

/**
 * One weather refresh (the `weather-refresh` job, issue 31 §1): the distinct ~0.1° cells of all parcels, each
 * fetched once whatever the number of parcels in it, several cells per request: the recent observed days and the
 * forecast (every run), the season before them (once, from the previous season's start — or the source's own
 * first day, the demo season's), and the 1990–2020 daily rain for the climatology (once). A source that fails
 * leaves its cells' cached days as they were and its error on them (weather_cells.last_error); the job itself
 * completes, and the next run asks again.
 */
export async function refreshWeather(deps: WeatherRefreshDeps): Promise<WeatherRefreshResult> {
  const repo = createWeatherRepository(deps.db);
  const now = deps.now?.() ?? new Date();
  const today = isoDay(now);
  const result: WeatherRefreshResult = {
    parcels: 0,
    cells: 0,
    requests: 0,
    refreshed: 0,
    climates: 0,
    failed: 0,
    errors: [],
  };
  const failed = new Set<string>();
  /** Sources that did not answer at all this run: their other cells are not asked (no time-out after time-out). */
  const down = new Map<WeatherSource, unknown>();
  const fail = async (source: WeatherSource, keys: string[], error: unknown) => {
    const message = (error as Error)?.message ?? String(error);
    await repo.markFailed(keys, message, now);
    for (const k of keys) failed.add(k);
    if (!result.errors.includes(message) && result.errors.length < 5) result.errors.push(message);
    if ((error as { unreachable?: boolean })?.unreachable) down.set(source, error);
  };
  /** Runs one request of a source, or records its cells failed when the source is down already. */
  const attempt = async (source: WeatherSource, keys: string[], request: () => Promise<void>) => {
    if (down.has(source)) return fail(source, keys, down.get(source));
    result.requests += 1;
    try {
      await request();
    } catch (error) {
      await fail(source, keys, error);
    }
  };

  const cells = await repo.parcelCells();
  result.parcels = cells.reduce((n, c) => n + c.parcels, 0);
  result.cells = cells.length;
  const sourceOf = (cell: WeatherCell) => (deps.demo?.covers(cell) ? deps.demo.source : deps.source);
  await repo.addCells(cells.map((c) => ({ key: c.key, lat: c.lat, lon: c.lon, source: sourceOf(c).name })));
  const states = await repo.cellStates(cells.map((c) => c.key));
  const stateOf = (key: string): CellState =>
    states.get(key) ?? {
      key,
      source: 'open-meteo',
      refreshedAt: null,
      climateFetchedAt: null,
      lastObserved: null,
      firstDay: null,
    };

  const bySource = new Map<WeatherSource, WeatherCell[]>();
  for (const cell of cells) {
    const source = sourceOf(cell);
    const state = stateOf(cell.key);
    if (state.source !== source.name) {
      // DEMO_DATA turned on or off: the cell's synthetic (or real) days must not mix with the other source's.
      await repo.resetCell(cell.key, source.name);
      states.set(cell.key, {
        ...state,
        source: source.name,
        refreshedAt: null,
        climateFetchedAt: null,
        lastObserved: null,
        firstDay: null,
      });
    }
    bySource.set(source, [...(bySource.get(source) ?? []), { key: cell.key, lat: cell.lat, lon: cell.lon }]);
  }

  for (const [source, sourceCells] of bySource) {
    const batches = <T>(items: T[]) => {
      const out: T[][] = [];
      for (let i = 0; i < items.length; i += source.batchSize) out.push(items.slice(i, i + source.batchSize));
      return out;
    };
    // 1. The season before the recent window, once per cell.
    const seasonFrom =
      source.historyFrom && source.historyFrom < backfillStart(now) ? source.historyFrom : backfillStart(now);
    const historyTo = addDays(today, -(MAX_PAST_DAYS + 1));
    if (seasonFrom <= historyTo) {
      const missing = sourceCells.filter((c) => {
        const first = stateOf(c.key).firstDay;
        return first === null || first > seasonFrom;
      });
      for (const batch of batches(missing)) {
        await attempt(
          source,
          batch.map((c) => c.key),
          async () => {
            for (const answer of await source.history(batch, seasonFrom, historyTo)) {
              await repo.storeDays(answer.key, answer.elevation, answer.days, now);
            }
          },
        );
      }
    }

    // 2. The recent days and the forecast: cells in order of the past days they need, so a batch asks about as many.
    const due = sourceCells
      .map((c) => {
        const state = stateOf(c.key);
        const past = state.lastObserved ? daysBetween(state.lastObserved, today) + 1 : MAX_PAST_DAYS;
        return { cell: c, state, past: Math.max(MIN_PAST_DAYS, Math.min(MAX_PAST_DAYS, past)) };
      })
      .filter(({ state }) => !state.refreshedAt || now.getTime() - state.refreshedAt.getTime() >= REFRESH_MIN_AGE_MS)
      .sort((a, b) => a.past - b.past);
    for (const batch of batches(due)) {
      const pastDays = Math.max(...batch.map((b) => b.past));
      await attempt(
        source,
        batch.map((b) => b.cell.key),
        async () => {
          const answers = await source.recent(
            batch.map((b) => b.cell),
            { pastDays, forecastDays: FORECAST_DAYS, now },
          );
          for (const answer of answers) {
            await repo.storeDays(answer.key, answer.elevation, answer.days, now);
            result.refreshed += 1;
          }
        },
      );
    }

    // 3. The climatology, once per cell (a large answer: one cell per request).
    for (const cell of sourceCells.filter((c) => !stateOf(c.key).climateFetchedAt)) {
      await attempt(source, [cell.key], async () => {
        const climate = await source.climate(cell, CLIMATE_FETCH_FIRST_YEAR, CLIMATE_LAST_YEAR);
        await repo.storeClimate(cell.key, climate.elevation, climate.years, now);
        result.climates += 1;
      });
    }
  }
  result.failed = failed.size;
  return result;
}
