import type { Db } from '@filaha/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { referencedKeys, STORAGE_REFERENCES } from './references.ts';
import type { ObjectStorage } from './storage.ts';

/**
 * A stored file younger than this is never swept, referenced or not: files are written before the database row
 * that references them commits (see the images and publications services), so a young unreferenced file may
 * be one whose row is about to commit. An hour is far beyond any request's life.
 */
export const SWEEP_MIN_AGE_MS = 3600_000;

/** Keys checked against the database per query. */
const BATCH = 200;

export interface SweepOptions {
  storage: ObjectStorage;
  db: Db;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  now?: Date;
  minAgeMs?: number;
}

export interface SweepReport {
  /** Objects listed under the swept prefixes. */
  scanned: number;
  /** Orphan objects deleted (old enough and referenced by no row). */
  deleted: number;
  /** Leftovers of interrupted writes removed (local `.tmp-*` files, sidecars without their object). */
  leftovers: number;
}

/**
 * One pass of the orphan sweep: under each prefix the API writes to, deletes every object older than the
 * minimum age that no database row references, then removes stale leftovers of interrupted writes. Safe to run
 * in several processes at once: a delete of an already-deleted object is not an error.
 */
export async function sweepStorage({
  storage,
  db,
  log,
  now = new Date(),
  minAgeMs = SWEEP_MIN_AGE_MS,
}: SweepOptions): Promise<SweepReport> {
  const cutoff = new Date(now.getTime() - minAgeMs);
  const report: SweepReport = { scanned: 0, deleted: 0, leftovers: 0 };

  async function sweepBatch(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const referenced = await referencedKeys(db, keys);
    for (const key of keys) {
      if (referenced.has(key)) continue;
      await storage.delete(key);
      report.deleted += 1;
      log?.info({ key }, 'storage sweep: deleted an orphan file');
    }
  }

  for (const { prefix } of STORAGE_REFERENCES) {
    let batch: string[] = [];
    for await (const object of storage.list(prefix)) {
      report.scanned += 1;
      if (object.modifiedAt >= cutoff) continue;
      batch.push(object.key);
      if (batch.length >= BATCH) {
        await sweepBatch(batch);
        batch = [];
      }
    }
    await sweepBatch(batch);
  }
  report.leftovers = await storage.removeStaleLeftovers(cutoff);
  return report;
}

export interface StorageSweeperOptions {
  db: Db;
  /** Seconds between passes; null turns the sweep off. */
  intervalSeconds: number | null;
}

/**
 * Runs the sweep once when the app is ready (in the background: the start never waits for it) and then every
 * `intervalSeconds`. A pass never overlaps the previous one in this process; closing the app waits for a pass
 * in progress, so the database is not closed under it. Registered inside the scope that has `storage`.
 */
export const storageSweeperPlugin = fp<StorageSweeperOptions>(
  async (app: FastifyInstance, { db, intervalSeconds }) => {
    if (!intervalSeconds) return;
    let running: Promise<void> | null = null;
    let timer: NodeJS.Timeout | undefined;
    let closing = false;

    const runOnce = () => {
      if (running || closing) return;
      const started = Date.now();
      running = sweepStorage({ storage: app.storage, db, log: app.log })
        .then((report) => {
          app.log.info({ ...report, ms: Date.now() - started }, 'storage sweep done');
        })
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'storage sweep failed; next pass at the next interval');
        })
        .finally(() => {
          running = null;
        });
    };

    app.addHook('onReady', async () => {
      timer = setInterval(runOnce, intervalSeconds * 1000);
      timer.unref();
      setImmediate(runOnce);
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
      await running;
    });
  },
  { name: 'storage-sweeper', dependencies: ['storage'] },
);
