import { z } from 'zod';
import { route } from './contract.ts';

export const HealthAnswer = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.object({ applied: z.number().int(), latest: z.string().nullable(), pending: z.number().int() }),
});

/** GET /api/health: reads the migration table, so a reachable answer also proves the database answers. */
export const healthContract = {
  health: route({
    method: 'GET',
    path: '/health',
    tags: ['health'],
    auth: false,
    responses: { 200: HealthAnswer },
    errors: [],
  }),
};
