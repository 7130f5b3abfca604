import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, daysBetween } from './grid.ts';

/**
 * A local HTTP server standing in for Open-Meteo's forecast and archive hosts in tests (started by the test, on
 * 127.0.0.1). It answers a saved fixture when told to (`answerWith`), else builds an answer in the provider's
 * documented form from the request itself — its coordinates, `past_days` / `forecast_days`, `start_date` /
 * `end_date`, `daily` — with MADE-UP values (not the provider's): observed days rain 1.1 mm, forecast days 9.9 mm,
 * so a test sees a forecast day overwritten by its observation. Every request is recorded.
 */
export interface FakeOpenMeteo {
  url: string;
  requests: URL[];
  /** The local day the generated answers take as today (days before it are observed). */
  today: string;
  /** Answers every following request with this status and body (a fixture); null: generated answers again. */
  answerWith(answer: { status: number; body: string } | null): void;
  /** Holds every answer this long (a time-out test). */
  delayMs: number;
  close(): Promise<void>;
}

const UNITS: Record<string, string> = {
  temperature_2m_max: '°C',
  temperature_2m_min: '°C',
  relative_humidity_2m_max: '%',
  relative_humidity_2m_min: '%',
  dew_point_2m_mean: '°C',
  wind_speed_10m_mean: 'm/s',
  shortwave_radiation_sum: 'MJ/m²',
  precipitation_sum: 'mm',
  et0_fao_evapotranspiration: 'mm',
};

/** A made-up value of a variable on a day (not the provider's). */
function valueOf(variable: string, day: string, today: string): number {
  const observed = day < today;
  switch (variable) {
    case 'temperature_2m_max':
      return 19.5;
    case 'temperature_2m_min':
      return 9.5;
    case 'relative_humidity_2m_max':
      return 92;
    case 'relative_humidity_2m_min':
      return 55;
    case 'dew_point_2m_mean':
      return 9.2;
    case 'wind_speed_10m_mean':
      return 2.5;
    case 'shortwave_radiation_sum':
      return 11.2;
    case 'precipitation_sum':
      return observed ? 1.1 : 9.9;
    case 'et0_fao_evapotranspiration':
      return 1.5;
    default:
      return 0;
  }
}

function generated(url: URL, today: string): { status: number; body: unknown } {
  const lats = (url.searchParams.get('latitude') ?? '').split(',').map(Number);
  const lons = (url.searchParams.get('longitude') ?? '').split(',').map(Number);
  const variables = (url.searchParams.get('daily') ?? '').split(',').filter(Boolean);
  if (lats.length !== lons.length || lats.some(Number.isNaN) || variables.length === 0) {
    return { status: 400, body: { error: true, reason: 'Parameter latitude and longitude must have the same number' } };
  }
  let from: string;
  let to: string;
  if (url.pathname === '/v1/archive') {
    from = url.searchParams.get('start_date') ?? '';
    to = url.searchParams.get('end_date') ?? '';
  } else {
    from = addDays(today, -Number(url.searchParams.get('past_days') ?? 0));
    to = addDays(today, Number(url.searchParams.get('forecast_days') ?? 7) - 1);
  }
  const time: string[] = [];
  for (let d = from; daysBetween(d, to) >= 0; d = addDays(d, 1)) time.push(d);
  const locations = lats.map((latitude, i) => ({
    latitude,
    longitude: lons[i],
    generationtime_ms: 0.5,
    utc_offset_seconds: 3600,
    timezone: 'Africa/Algiers',
    timezone_abbreviation: 'GMT+1',
    elevation: 50 + i,
    ...(lats.length > 1 ? { location_id: i } : {}),
    daily_units: Object.fromEntries([['time', 'iso8601'], ...variables.map((v) => [v, UNITS[v] ?? ''])]),
    daily: Object.fromEntries([['time', time], ...variables.map((v) => [v, time.map((d) => valueOf(v, d, today))])]),
  }));
  return { status: 200, body: locations.length === 1 ? locations[0] : locations };
}

export async function startFakeOpenMeteo(today: string): Promise<FakeOpenMeteo> {
  let fixed: { status: number; body: string } | null = null;
  const state: FakeOpenMeteo = {
    url: '',
    requests: [],
    today,
    delayMs: 0,
    answerWith(answer) {
      fixed = answer;
    },
    close: async () => undefined,
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    state.requests.push(url);
    const answer =
      fixed ??
      (() => {
        const g = generated(url, state.today);
        return { status: g.status, body: JSON.stringify(g.body) };
      })();
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(answer.body);
    }, state.delayMs);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    });
  return state;
}
