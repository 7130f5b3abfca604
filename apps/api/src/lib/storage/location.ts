import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { sql, type Db } from '@filaha/db';
import type { StorageLocation } from '@filaha/shared';

/** The hidden marker naming a local file store; no valid object key can name it (lib/storage/storage.ts). */
const MARKER = '.filaha-storage-id';
/** How often a process refreshes its row; a row not refreshed for three periods belongs to a stopped process. */
export const HEARTBEAT_SECONDS = 30;
const LIVE_SECONDS = 3 * HEARTBEAT_SECONDS;

/** What a process with another local folder on the same database means for the operator. */
export const NOT_SHARED_MESSAGE = 'files written by one process are not visible to the others: set S3_*';

/** The folder's id: read from its marker, written once by the first process that uses the folder. */
async function storageId(root: string): Promise<string> {
  await mkdir(root, { recursive: true });
  const marker = join(root, MARKER);
  try {
    await writeFile(marker, `${randomUUID()}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return (await readFile(marker, 'utf8')).trim();
}

interface LocationRow extends Record<string, unknown> {
  host: string;
  path: string;
  last_seen: Date | string;
}

/**
 * Issue 28 §1: several API processes on one PostgreSQL database, each with its own local file store, answer 404
 * for the files the others wrote. Each such process records its folder (`storage_locations`, migration 0016) and
 * refreshes it every HEARTBEAT_SECONDS; `others()` lists the live rows of another folder. Processes that share one
 * folder (same disk, or a network mount) read the same marker id and are one location.
 */
export async function createStorageLocations(db: Db, root: string) {
  const me = { id: await storageId(root), host: hostname(), path: resolve(root) };
  const heartbeat = () =>
    db.execute(sql`
      INSERT INTO storage_locations (storage_id, host, path, last_seen)
      VALUES (${me.id}, ${me.host}, ${me.path}, now())
      ON CONFLICT (storage_id, host, path) DO UPDATE SET last_seen = now()`);
  await heartbeat();
  // Rows of processes gone for a day are of no use to anyone.
  await db.execute(sql`DELETE FROM storage_locations WHERE last_seen < now() - interval '1 day'`);
  return {
    me,
    heartbeat: async () => {
      await heartbeat();
    },
    /** Live processes (refreshed within three heartbeats) whose local folder is another one. */
    async others(): Promise<StorageLocation[]> {
      const { rows } = await db.execute<LocationRow>(sql`
        SELECT host, path, max(last_seen) AS last_seen FROM storage_locations
        WHERE storage_id <> ${me.id} AND last_seen > now() - make_interval(secs => ${LIVE_SECONDS})
        GROUP BY host, path ORDER BY host, path`);
      return rows.map((r) => ({ host: r.host, path: r.path, lastSeen: new Date(r.last_seen).toISOString() }));
    },
  };
}
export type StorageLocations = Awaited<ReturnType<typeof createStorageLocations>>;
