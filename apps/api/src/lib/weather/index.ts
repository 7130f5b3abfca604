/**
 * Weather, real and cached (issue 31 §1; docs/ARCHITECTURE.md "Weather"): days of ~0.1° grid cells from a source
 * behind one interface (WeatherSource: Open-Meteo in production, the synthetic demo season over the demo area),
 * cached in the database by the `weather-refresh` job and read from there (createWeatherRepository).
 */
export type { CellWeather, ClimateYear, WeatherCell, WeatherDay, WeatherSource } from './types.ts';
export { CLIMATE_FETCH_FIRST_YEAR, CLIMATE_FIRST_YEAR, CLIMATE_LAST_YEAR } from './types.ts';
export { addDays, cellAt, cellFromKey, cellIndex, cellOf, daysBetween, isoDay, leapIndex } from './grid.ts';
export { createWeatherRepository, type CellState, type StoredCell, type WeatherRepository } from './repository.ts';
export { createOpenMeteoSource, DAILY_VARIABLES, WeatherFetchError, type OpenMeteoOptions } from './open-meteo.ts';
export {
  createSyntheticWeatherSource,
  DEMO_DRY_SPELL,
  DEMO_SIROCCO,
  SYNTHETIC_HISTORY_FROM,
  syntheticCovers,
  syntheticDay,
} from './synthetic.ts';
export type { WeatherSourceName } from '@filaha/db';
