import { closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * fs-native-extensions (prebuilt N-API addon, no install script) ships no types; only this call is used.
 * tryLock is non-blocking: an open-file-description lock (fcntl F_OFD_SETLK) on Linux, flock on macOS,
 * LockFileEx on Windows. True when taken, false when another open file description holds it.
 */
const { tryLock } = createRequire(import.meta.url)('fs-native-extensions') as {
  tryLock(fd: number, offset?: number, length?: number, opts?: { shared?: boolean }): boolean;
};

/** The file inside DATA_DIR that carries the lock; it holds the holder's pid for the refusal message. */
export const LOCK_FILE = 'filaha.lock';

/** Another process (or another open database in this one) holds the data folder. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | undefined,
  ) {
    const holder = holderPid === undefined ? 'another process' : `process ${holderPid}`;
    super(
      `DATA_DIR: ${dataDir} is in use by ${holder}; the embedded database belongs to one process. ` +
        'Stop that process first, or give this one another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** The folder cannot be created or written (a path through a file, a read-only file system, no permission). */
export class DataDirUnusableError extends Error {
  constructor(
    readonly dataDir: string,
    cause: unknown,
  ) {
    const code = (cause as NodeJS.ErrnoException | undefined)?.code;
    const reason =
      code === 'ENOTDIR' || code === 'EEXIST'
        ? 'part of the path is a file, not a folder'
        : code === 'EROFS'
          ? 'it is on a read-only file system'
          : code === 'EACCES' || code === 'EPERM'
            ? 'permission denied'
            : ((cause as Error | undefined)?.message ?? String(cause));
    super(`DATA_DIR: ${dataDir} cannot be used as a writable data folder (${reason}${code ? `, ${code}` : ''})`, {
      cause,
    });
    this.name = 'DataDirUnusableError';
  }
}

export interface DataDirLock {
  readonly dataDir: string;
  /** Closes the lock file, which releases the lock. Idempotent. */
  release(): void;
}

function readHolderPid(fd: number): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(fd, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the exclusive lock on `<dataDir>/filaha.lock`, creating the folder if needed, or throws at once.
 *
 * The lock is an operating-system lock on an open file (see fs-native-extensions), so it lasts exactly as
 * long as the file stays open: the kernel drops it when the process exits, however it exits (kill -9
 * included), and a stale lock file on disk never blocks the next start. The file is never deleted —
 * deleting a locked file would let a later process lock a new file while an earlier one still holds the old.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  let fd: number;
  try {
    mkdirSync(dataDir, { recursive: true });
    // 'a+' creates the file without truncating it: a refused process must not erase the holder's pid.
    fd = openSync(join(dataDir, LOCK_FILE), 'a+', 0o644);
  } catch (error) {
    throw new DataDirUnusableError(dataDir, error);
  }
  let locked: boolean;
  try {
    locked = tryLock(fd);
  } catch (error) {
    closeSync(fd);
    throw new DataDirUnusableError(dataDir, error);
  }
  if (!locked) {
    const holderPid = readHolderPid(fd);
    closeSync(fd);
    throw new DataDirLockedError(dataDir, holderPid);
  }
  try {
    ftruncateSync(fd, 0);
    writeSync(fd, `${process.pid}\n`);
  } catch (error) {
    closeSync(fd);
    throw new DataDirUnusableError(dataDir, error);
  }
  let released = false;
  return {
    dataDir,
    release() {
      if (released) return;
      released = true;
      closeSync(fd);
    },
  };
}
