import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { weatherCells, type Database } from '@filaha/db';
import { createTestDatabase, factories, squarePolygon } from '@filaha/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImagery } from '../lib/imagery/imagery.ts';
import { createMailer } from '../lib/mailer.ts';
import { cellOf } from '../lib/weather/index.ts';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '../lib/weather/open-meteo-server.test-support.ts';
import { QUEUES } from './queue.ts';
import { createJobRuntime, type JobRuntime } from './runtime.ts';
import { waitFor } from './test-support/catalog.ts';
import { silentLog } from './test-support/runtime.ts';

/**
 * The weather-refresh queue on pg-boss (issue 31 §1): scheduled (WEATHER_SCHEDULE) and run once at start-up by a
 * process that works jobs, with the demo cells from the synthetic season and the others from Open-Meteo (here a
 * local server answering in its documented form).
 */
describe('weather-refresh queue', () => {
  let database: Database;
  let server: FakeOpenMeteo;
  let runtime: JobRuntime;
  let dir: string;
  const DEMO = cellOf(2.976, 36.6005).key;
  const SETIF = cellOf(5.401, 36.151).key;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startFakeOpenMeteo(new Date().toISOString().slice(0, 10));
    dir = await mkdtemp(join(tmpdir(), 'filaha-weather-queue-'));
    const { user } = await factories.createUser(database);
    await factories.createParcel(database, { userId: user.id });
    await factories.createParcel(database, { userId: user.id, geom: squarePolygon(5.401, 36.151, 0.001) });
    runtime = createJobRuntime({
      database,
      config: {
        stacApiUrl: undefined,
        jobs: { workers: 1, pollSchedule: null, timeoutSeconds: 60, retryDelaySeconds: 1 },
        weather: { apiUrl: server.url, archiveUrl: server.url, apiKey: undefined, schedule: '20 */6 * * *' },
        demoData: true,
      },
      imagery: createImagery({ catalogPath: dir }),
      mailer: createMailer({
        smtpUrl: undefined,
        from: 'Filaha <t@filaha.local>',
        dataDir: dir,
        log: silentLog as never,
      }),
      log: silentLog,
    });
  }, 120_000);

  afterAll(async () => {
    await runtime?.stop(2_000);
    await server?.close();
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('is scheduled, runs at start-up, and fills the demo cell (synthetic) and the other one (Open-Meteo)', async () => {
    const boss = await runtime.boss();
    expect((await boss.getSchedules(QUEUES.weatherRefresh)).map((s) => s.cron)).toEqual(['20 */6 * * *']);
    const cells = await waitFor('the start-up weather refresh', async () => {
      const rows = await database.db.select().from(weatherCells);
      return rows.length === 2 && rows.every((r) => r.refreshedAt && r.climateFetchedAt) ? rows : undefined;
    });
    expect(Object.fromEntries(cells.map((c) => [c.key, c.source]))).toEqual({
      [DEMO]: 'synthetic',
      [SETIF]: 'open-meteo',
    });
    // Only the Sétif cell was asked of the provider: one forecast request, its season, its climatology.
    expect(server.requests.filter((r) => r.pathname === '/v1/forecast')).toHaveLength(1);
    expect(server.requests.every((r) => r.searchParams.get('latitude') === '36.15')).toBe(true);
  }, 90_000);
});
