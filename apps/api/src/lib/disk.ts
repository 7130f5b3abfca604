import { randomBytes } from 'node:crypto';
import { mkdir, rm, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A full disk, however it is reported (issue 28 §1): Node's fs (`ENOSPC`, `EDQUOT` in `code`), the embedded
 * PGlite's own file system (an `ErrnoError` with the WASI numbers 51 = no space, 19 = quota), PostgreSQL's
 * SQLSTATE 53100 disk_full (pg and PGlite both put it in `code`). drizzle wraps the driver's error in `cause`,
 * so the whole chain is searched.
 */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);
const WASI_FULL_ERRNOS = new Set([51, 19]);

export function isStorageFull(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 10; e = (e as { cause?: unknown }).cause, depth += 1) {
    if (typeof e !== 'object') return false;
    const { code, errno, name } = e as { code?: unknown; errno?: unknown; name?: unknown };
    if (typeof code === 'string' && FULL_CODES.has(code)) return true;
    if (name === 'ErrnoError' && typeof errno === 'number' && WASI_FULL_ERRNOS.has(errno)) return true;
  }
  return false;
}

/** SQLSTATE 53100 disk_full anywhere in the chain: the database server's own disk refused a write. */
export function isDatabaseDiskFull(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 10; e = (e as { cause?: unknown }).cause, depth += 1) {
    if (typeof e !== 'object') return false;
    if ((e as { code?: unknown }).code === '53100') return true;
  }
  return false;
}

/** The one line a start on PostgreSQL prints when the database server's disk is full (not this machine's DATA_DIR). */
export const databaseDiskFullMessage = (): string =>
  'DATABASE_URL: the PostgreSQL server refused a write, its disk is full (SQLSTATE 53100 disk_full): free space on ' +
  "the database server's disk, then start again";

/** Free bytes for an unprivileged writer on the file system that holds `dir`; null when it cannot be read. */
export async function freeBytes(dir: string): Promise<number | null> {
  try {
    const info = await statfs(dir);
    return info.bavail * info.bsize;
  } catch {
    return null;
  }
}

/** `1.9 MB`, `120 MB`, `3.2 GB`: a size for an operator's message. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

export interface WriteProblem {
  /** The folder that could not be written. */
  dir: string;
  /** `ENOSPC`, `EACCES`…, or the message when the error has no code. */
  reason: string;
  full: boolean;
}

/** Writes, then removes, a small file in `dir`: null when that works, else what went wrong. */
export async function probeWrite(dir: string): Promise<WriteProblem | null> {
  const file = join(dir, `.write-probe-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(dir, { recursive: true });
    // A few kB: a file system with a block or two left still refuses what a real write would need.
    await writeFile(file, Buffer.alloc(16 * 1024));
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { dir, reason: code ?? (error as Error).message, full: isStorageFull(error) };
  } finally {
    await rm(file, { force: true }).catch(() => undefined);
  }
}

export interface WriteProbeOptions {
  /** How long an answer is reused (default 5 s): a health check polled every second costs one write per period. */
  ttlMs?: number;
  now?: () => number;
}

/**
 * The folders this process writes to (the data folder, the local file store), probed on demand and cached for a
 * few seconds: `/api/health` reports `degraded` while one of them cannot be written.
 */
export function createWriteProbe(dirs: readonly string[], options: WriteProbeOptions = {}) {
  const ttlMs = options.ttlMs ?? 5_000;
  const now = options.now ?? Date.now;
  let cached: { at: number; problems: Promise<WriteProblem[]> } | undefined;
  const unique = [...new Set(dirs)];
  return {
    problems(): Promise<WriteProblem[]> {
      if (!cached || now() - cached.at >= ttlMs) {
        const problems = Promise.all(unique.map(probeWrite)).then((all) => all.filter((p) => p !== null));
        cached = { at: now(), problems };
      }
      return cached.problems;
    },
    /** Forgets the cached answer: the next call probes again (after a write failed on a full disk). */
    invalidate(): void {
      cached = undefined;
    },
  };
}
export type WriteProbe = ReturnType<typeof createWriteProbe>;

/**
 * Free space a first start on the embedded database needs in DATA_DIR: PGlite's files after the migrations take
 * about 70 MB (measured: 69 MB), with room for the first days' data and files.
 */
export const FIRST_START_BYTES = 100_000_000;

/** The one line a start on a full or too-small DATA_DIR prints (server.ts). */
export function dataDirFullMessage(dataDir: string, free: number | null): string {
  const has = free === null ? 'is full' : `has ${formatBytes(free)} free`;
  return (
    `DATA_DIR: ${dataDir} ${has}; the embedded database needs about ${formatBytes(FIRST_START_BYTES)} there ` +
    'for its first start (free some space, or choose another DATA_DIR)'
  );
}
