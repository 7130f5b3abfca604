import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from './client.ts';
import { DataDirLockedError, DataDirUnusableError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

const root = mkdtempSync(join(tmpdir(), 'filaha-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('lockDataDir', () => {
  it('is exclusive, names the holder, and is free again once released', () => {
    const dir = join(root, 'a', 'b');
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    let refused: unknown;
    try {
      lockDataDir(dir);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as DataDirLockedError).holderPid).toBe(process.pid);
    expect((refused as Error).message).toMatch(new RegExp(`^DATA_DIR: ${dir} is in use by process ${process.pid};`));
    // The refused attempt did not erase the holder's pid.
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));

    lock.release();
    lock.release();
    lockDataDir(dir).release();
  });

  it('says why a folder cannot be used', () => {
    const file = join(root, 'file');
    writeFileSync(file, '');
    expect(() => lockDataDir(join(file, 'sub'))).toThrow(DataDirUnusableError);
    expect(() => lockDataDir(join(file, 'sub'))).toThrow(
      /^DATA_DIR: .* \(part of the path is a file, not a folder, ENOTDIR\)$/,
    );
  });

  // (migrations.test.ts opens, closes and re-opens one folder with createDb: close() releases the lock.)
  it('is taken by createDb before the embedded database is opened', async () => {
    const dir = join(root, 'db');
    const held = lockDataDir(dir);
    await expect(createDb({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    expect(existsSync(join(dir, 'pglite'))).toBe(false);
    held.release();
  });
});
