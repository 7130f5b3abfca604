import { z } from 'zod';
import { route } from './contract.ts';

/** Why the API answers `degraded`: it runs, but some writes fail or its files are not shared (issue 28 §1). */
export const HealthProblem = z.object({
  /** disk_full / not_writable: the data folder or the local file store; storage_not_shared: see the message. */
  code: z.enum(['disk_full', 'not_writable', 'storage_not_shared']),
  /** For the operator (English, names the folder). */
  message: z.string(),
});
export type HealthProblem = z.infer<typeof HealthProblem>;

export const HealthAnswer = z.object({
  /** `degraded` keeps the 200 status: the process answers; `problems` says what does not work. */
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.object({ applied: z.number().int(), latest: z.string().nullable(), pending: z.number().int() }),
  problems: z.array(HealthProblem),
});

/**
 * GET /api/health: reads the migration table, so a reachable answer also proves the database answers; `degraded`
 * (still 200) when the data folder or the file store cannot be written, or local files are not shared.
 */
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
