import type { Database } from '@filaha/db';
import { healthContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../core/contract-route.ts';

/** Reads the migration table, so a reachable answer also proves the database answers. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.route({
    ...fromContract(contract.health),
    handler: async () => ({
      status: 'ok' as const,
      database: database.kind,
      migrations: await database.migrationState(),
    }),
  });
};
