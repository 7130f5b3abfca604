import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_CATALOG_POLL_SCHEDULE, loadConfig } from '../config.ts';

/** The background jobs' settings (README configuration table): defaults, accepted forms, refused values. */
describe('job settings', () => {
  const base = { DATA_DIR: '/tmp/filaha-config-test' };
  const problem = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    return null;
  };

  it('defaults: 2 jobs at once, a poll every 6 hours, 15 min timeout, 30 s first retry, 2000 parcels a tile pass', () => {
    expect(loadConfig(base).jobs).toEqual({
      workers: 2,
      pollSchedule: DEFAULT_CATALOG_POLL_SCHEDULE,
      timeoutSeconds: 900,
      retryDelaySeconds: 30,
      tilePassParcels: 2000,
    });
    expect(DEFAULT_CATALOG_POLL_SCHEDULE).toBe('0 */6 * * *');
  });

  it('accepts 0 workers, a cron or off, durations with units', () => {
    const jobs = loadConfig({
      ...base,
      WORKERS: '0',
      CATALOG_POLL_SCHEDULE: '30  2 * * 1',
      JOB_TIMEOUT: '2m',
      JOB_RETRY_DELAY: '5',
      TILE_PASS_PARCELS: '5',
    }).jobs;
    expect(jobs).toEqual({
      workers: 0,
      pollSchedule: '30 2 * * 1',
      timeoutSeconds: 120,
      retryDelaySeconds: 5,
      tilePassParcels: 5,
    });
    expect(loadConfig({ ...base, CATALOG_POLL_SCHEDULE: 'OFF' }).jobs.pollSchedule).toBeNull();
  });

  it('a wrong value stops the start with a message naming the variable', () => {
    expect(problem({ WORKERS: 'many' })).toMatch(/^Invalid configuration: WORKERS: .*"many"/);
    expect(problem({ WORKERS: '33' })).toMatch(/WORKERS: /);
    expect(problem({ CATALOG_POLL_SCHEDULE: 'every 6 hours' })).toMatch(/CATALOG_POLL_SCHEDULE: expected a five-field/);
    expect(problem({ CATALOG_POLL_SCHEDULE: '0 */6 * * * *' })).toMatch(/CATALOG_POLL_SCHEDULE/);
    expect(problem({ CATALOG_POLL_SCHEDULE: '99 * * * *' })).toMatch(/CATALOG_POLL_SCHEDULE/);
    expect(problem({ JOB_TIMEOUT: '2s' })).toMatch(/JOB_TIMEOUT: must be between 5 s/);
    expect(problem({ JOB_RETRY_DELAY: '2h' })).toMatch(/JOB_RETRY_DELAY: must be between 1 s and 3600 s/);
    expect(problem({ TILE_PASS_PARCELS: '0' })).toMatch(/TILE_PASS_PARCELS: expected a whole number of parcels/);
    expect(problem({ TILE_PASS_PARCELS: '20001' })).toMatch(/TILE_PASS_PARCELS: /);
    expect(problem({ TILE_PASS_PARCELS: 'all' })).toMatch(/TILE_PASS_PARCELS: /);
  });
});
