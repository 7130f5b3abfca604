import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileLockTimeoutError, waitForFileLock } from './file-lock.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'filaha-file-lock-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A separate Node process that takes the lock, says so, and then holds it until it is killed. */
async function holderProcess(lockPath: string) {
  const script = `
    const fs = require('node:fs');
    const { tryLock } = require('fs-native-extensions');
    const fd = fs.openSync(process.argv[1], 'a+');
    if (!tryLock(fd)) { console.log('busy'); process.exit(1); }
    console.log('locked');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['-e', script, lockPath], {
    cwd: path.dirname(new URL(import.meta.url).pathname),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  expect(line.toString().trim()).toBe('locked');
  return child;
}

describe('waitForFileLock', () => {
  it('lets one holder in at a time, in the same process too, and the next one in when it releases', async () => {
    const lockPath = path.join(dir, 'x.lock');
    const releaseFirst = await waitForFileLock(lockPath);
    let secondIn = false;
    const second = waitForFileLock(lockPath, { pollMs: 20 }).then((release) => {
      secondIn = true;
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(secondIn).toBe(false);
    releaseFirst();
    releaseFirst(); // idempotent
    const releaseSecond = await second;
    expect(secondIn).toBe(true);
    releaseSecond();
  });

  it('gives up after waitMs with an error naming the file', async () => {
    const lockPath = path.join(dir, 'y.lock');
    const release = await waitForFileLock(lockPath);
    const error = await waitForFileLock(lockPath, { waitMs: 200, pollMs: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileLockTimeoutError);
    expect((error as Error).message).toContain(lockPath);
    release();
    (await waitForFileLock(lockPath, { waitMs: 0 }))();
  });

  it('waits for another process, and is free at once when that process is killed with SIGKILL (no stale lock)', async () => {
    const lockPath = path.join(dir, 'z.lock');
    const child = await holderProcess(lockPath);
    await expect(waitForFileLock(lockPath, { waitMs: 300, pollMs: 50 })).rejects.toBeInstanceOf(FileLockTimeoutError);
    const waiting = waitForFileLock(lockPath, { waitMs: 10_000, pollMs: 20 });
    const killedAt = performance.now();
    child.kill('SIGKILL');
    await once(child, 'exit');
    const release = await waiting;
    expect(performance.now() - killedAt).toBeLessThan(2_000);
    release();
  });
});
