import type { Database } from '@filaha/db';
import { healthContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../core/contract-route.ts';
import type { StorageStatus } from './storage-status.ts';

/**
 * Reads the migration table, so a reachable answer also proves the database answers; `degraded` (still 200: the
 * process answers) with the problems of storage-status.ts.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; storage: StorageStatus }> = async (
  app,
  { database, storage },
) => {
  app.route({
    ...fromContract(contract.health),
    handler: async () => {
      const [migrations, problems] = await Promise.all([database.migrationState(), storage.problems()]);
      return {
        status: problems.length > 0 ? ('degraded' as const) : ('ok' as const),
        database: database.kind,
        migrations,
        problems,
      };
    },
  });
};
