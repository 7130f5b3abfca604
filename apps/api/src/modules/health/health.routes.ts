import type { Database } from '@filaha/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const Health = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.object({ applied: z.number().int(), latest: z.string().nullable(), pending: z.number().int() }),
});

/** Reads the migration table, so a reachable answer also proves the database answers. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: Health } } }, async () => ({
    status: 'ok' as const,
    database: database.kind,
    migrations: await database.migrationState(),
  }));
};
