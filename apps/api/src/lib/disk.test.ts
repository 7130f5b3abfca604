import { describe, expect, it } from 'vitest';
import { databaseDiskFullMessage, dataDirFullMessage, formatBytes, isDatabaseDiskFull, isStorageFull } from './disk.ts';

/** The shapes a full disk takes on its way up (issue 28 §1); the tmpfs tests (test/disk-full.test.ts) meet them for real. */
describe('isStorageFull', () => {
  const errno = (code: string) => Object.assign(new Error(`${code}: no space left on device, write`), { code });

  it('knows Node, PGlite and PostgreSQL full-disk errors, wrapped in causes too', () => {
    expect(isStorageFull(errno('ENOSPC'))).toBe(true);
    expect(isStorageFull(errno('EDQUOT'))).toBe(true);
    // PGlite's own file system: `ErrnoError { errno: 51 }` (WASI ENOSPC), 19 (EDQUOT).
    expect(isStorageFull(Object.assign(new Error(), { name: 'ErrnoError', errno: 51 }))).toBe(true);
    expect(isStorageFull(Object.assign(new Error(), { name: 'ErrnoError', errno: 19 }))).toBe(true);
    // SQLSTATE 53100 disk_full from pg or PGlite, wrapped by drizzle.
    const pgError = Object.assign(new Error('could not extend file'), { code: '53100' });
    expect(isStorageFull(new Error('Failed query', { cause: pgError }))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isStorageFull(errno('EACCES'))).toBe(false);
    expect(isStorageFull(Object.assign(new Error(), { name: 'ErrnoError', errno: 44 }))).toBe(false);
    // Node's own errno numbers are negative and never mean a WASI code.
    expect(isStorageFull(Object.assign(new Error(), { errno: 51 }))).toBe(false);
    expect(isStorageFull(Object.assign(new Error(), { code: '23505' }))).toBe(false);
    expect(isStorageFull(null)).toBe(false);
    expect(isStorageFull('ENOSPC')).toBe(false);
  });
});

describe('the start-up message', () => {
  it('names the folder, what is free and what is needed, in one line', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(2_097_152)).toBe('2.1 MB');
    const message = dataDirFullMessage('/srv/filaha', 2_097_152);
    expect(message).toBe(
      'DATA_DIR: /srv/filaha has 2.1 MB free; the embedded database needs about 100 MB there for its first start ' +
        '(free some space, or choose another DATA_DIR)',
    );
    expect(dataDirFullMessage('/srv/filaha', null)).toMatch(/^DATA_DIR: \/srv\/filaha is full; /);
  });

  it("tells the PostgreSQL server's full disk (disk_full) from this machine's, whose message names DATA_DIR", () => {
    const pgError = Object.assign(new Error('could not extend file'), { code: '53100' });
    expect(isDatabaseDiskFull(new Error('Failed query', { cause: pgError }))).toBe(true);
    expect(isDatabaseDiskFull(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toBe(false);
    expect(isDatabaseDiskFull(Object.assign(new Error(), { name: 'ErrnoError', errno: 51 }))).toBe(false);
    expect(databaseDiskFullMessage()).toMatch(/^DATABASE_URL: .*disk is full.*53100/);
    expect(databaseDiskFullMessage()).not.toContain('DATA_DIR');
  });
});
