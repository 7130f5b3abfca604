import { closeSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The operating-system file lock the embedded database's folder lock uses (packages/db/src/data-dir-lock.ts):
 * fs-native-extensions' tryLock, an exclusive lock per open file description (fcntl F_OFD_SETLK on Linux, flock on
 * macOS, LockFileEx on Windows), prebuilt N-API binaries, no install script. The kernel drops it when the file is
 * closed or the process dies however it dies, so there is no stale lock to expire. The package ships no types;
 * only this call is used.
 */
const { tryLock } = createRequire(import.meta.url)('fs-native-extensions') as {
  tryLock(fd: number, offset?: number, length?: number, opts?: { shared?: boolean }): boolean;
};

export class FileLockTimeoutError extends Error {
  constructor(
    readonly path: string,
    readonly waitedMs: number,
  ) {
    super(`${path} is still locked by another process after ${Math.round(waitedMs / 1000)} s`);
    this.name = 'FileLockTimeoutError';
  }
}

export interface WaitForFileLockOptions {
  /** Give up after this long (default 5 minutes). */
  waitMs?: number;
  /** How often a held lock is tried again (default 250 ms). */
  pollMs?: number;
}

/**
 * Takes the exclusive lock on `path` (created if missing, never deleted: deleting a locked file would let a later
 * process lock a new file while an earlier one still holds the old), waiting while another holder has it. Resolves
 * to the release function, which closes the file. A second call in the same process waits too: each call opens
 * the file anew, and the lock belongs to that open file.
 */
export async function waitForFileLock(path: string, options: WaitForFileLockOptions = {}): Promise<() => void> {
  const waitMs = options.waitMs ?? 300_000;
  const pollMs = options.pollMs ?? 250;
  const fd = openSync(path, 'a+', 0o644);
  const started = performance.now();
  try {
    while (!tryLock(fd)) {
      const waited = performance.now() - started;
      if (waited >= waitMs) throw new FileLockTimeoutError(path, waited);
      await sleep(Math.min(pollMs, waitMs - waited));
    }
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    closeSync(fd);
  };
}
