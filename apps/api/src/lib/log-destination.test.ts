import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import { loadConfig } from '../config.ts';
import { logDestination } from './process.ts';

/**
 * Issue 27 §3: the first `npm start` in a terminal interleaved JSON log lines (the listening addresses, the storage
 * sweep, the catalog poll, every mail written) with what a person needs. In a terminal the JSON log goes to a file
 * of the data folder; the terminal keeps the address, the accounts, where mail goes, and warnings and errors.
 */
const dir = await mkdtemp(join(tmpdir(), 'filaha-log-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('where the log goes', () => {
  const base = { DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) };

  it('LOG_FILE: a path (made absolute), or - for the standard output', () => {
    expect(loadConfig({ ...base, LOG_FILE: 'logs/api.log' }, dir).logFile).toBe(join(dir, 'logs/api.log'));
    expect(loadConfig({ ...base, LOG_FILE: '-' }, dir).logFile).toBe('-');
    expect(loadConfig(base, dir).logFile).toBeUndefined();
  });

  it('unset: a file in the data folder for a terminal, the standard output for a service manager', () => {
    expect(logDestination({ logFile: undefined, dataDir: dir }, true)).toBe(join(dir, 'logs', 'api.log'));
    expect(logDestination({ logFile: undefined, dataDir: dir }, false)).toBeUndefined();
    expect(logDestination({ logFile: '-', dataDir: dir }, true)).toBe('-');
    expect(logDestination({ logFile: '/var/log/filaha.log', dataDir: dir }, true)).toBe('/var/log/filaha.log');
  });

  it('with a log file: every line at its level in the file, only warnings and errors on the standard output', async () => {
    const file = join(dir, 'logs', 'api.log');
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const t = await buildTestApp({ LOG_FILE: file, LOG_LEVEL: 'info' });
    try {
      t.app.log.info('routine: the storage sweep is done');
      t.app.log.warn('needs a person: storage is not shared');
      const health = await t.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await t.close();
      spy.mockRestore();
    }
    const lines = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; level: number });
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining([
        'routine: the storage sweep is done',
        'needs a person: storage is not shared',
        'request completed',
      ]),
    );
    const shown = written.join('');
    expect(shown).toContain('needs a person: storage is not shared');
    expect(shown).not.toContain('routine: the storage sweep is done');
    expect(shown).not.toContain('request completed');
  });
});
