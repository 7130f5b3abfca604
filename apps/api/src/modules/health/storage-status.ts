import { join } from 'node:path';
import type { StorageLocation } from '@filaha/shared';
import type { HealthProblem } from '@filaha/shared/contracts';
import fp from 'fastify-plugin';
import { createWriteProbe, type WriteProblem } from '../../lib/disk.ts';
import {
  createStorageLocations,
  HEARTBEAT_SECONDS,
  NOT_SHARED_MESSAGE,
  type StorageLocations,
} from '../../lib/storage/location.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this process can write its folders, and whether its local files are shared (modules/health). */
    storageStatus: StorageStatus;
  }
}

export interface StorageStatus {
  /** What `/api/health` reports as `degraded`: a folder that cannot be written, local files not shared. */
  problems(): Promise<HealthProblem[]>;
  /** Live processes on this database whose local file folder is another one (empty with S3 or on PGlite). */
  notShared(): Promise<StorageLocation[]>;
  /** The next `problems()` probes again (a write just met a full disk). */
  invalidate(): void;
}

export interface StorageStatusOptions {
  /** Record this process's local folder in the database (server.ts does, at start-up; PostgreSQL only). */
  recordLocation?: boolean;
}

function writeProblem(problem: WriteProblem): HealthProblem {
  return {
    code: problem.full ? 'disk_full' : 'not_writable',
    message: `${problem.dir} cannot be written (${problem.full ? 'no space left' : problem.reason})`,
  };
}

const where = (l: { host: string; path: string }) => `${l.host}:${l.path}`;

/**
 * The data folder and the local file store, probed by a small write on demand (cached a few seconds); with
 * PostgreSQL and local storage, this process's folder recorded in `storage_locations` and refreshed every
 * HEARTBEAT_SECONDS, with a warning in the log when another live process keeps its files elsewhere.
 */
export const storageStatusPlugin = fp<StorageStatusOptions>(
  async (app, options) => {
    const { config, database } = app;
    const filesRoot = join(config.dataDir, 'files');
    const probe = createWriteProbe(config.s3 ? [config.dataDir] : [config.dataDir, filesRoot]);
    let locations: StorageLocations | null = null;
    if (options.recordLocation && database.kind === 'postgres' && !config.s3) {
      locations = await createStorageLocations(database.db, filesRoot);
    }

    let warned = false;
    const check = async () => {
      const others = (await locations?.others()) ?? [];
      if (others.length > 0 && !warned) {
        app.log.warn({ here: where(locations!.me), others: others.map(where) }, NOT_SHARED_MESSAGE);
      }
      warned = others.length > 0;
      return others;
    };
    if (locations) {
      await check();
      const timer = setInterval(() => {
        void locations
          ?.heartbeat()
          .then(check)
          .catch((err: unknown) => app.log.warn({ err }, 'could not record the storage location'));
      }, HEARTBEAT_SECONDS * 1000);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }

    const notShared = () => locations?.others() ?? Promise.resolve([]);
    app.decorate('storageStatus', {
      notShared,
      invalidate: probe.invalidate,
      async problems() {
        const [written, others] = await Promise.all([probe.problems(), notShared()]);
        const problems = written.map(writeProblem);
        if (others.length > 0 && locations) {
          problems.push({
            code: 'storage_not_shared',
            message: `${NOT_SHARED_MESSAGE} (here ${where(locations.me)}; also ${others.map(where).join(', ')})`,
          });
        }
        return problems;
      },
    } satisfies StorageStatus);
  },
  { name: 'storage-status', dependencies: ['platform'] },
);
