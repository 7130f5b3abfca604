import { z } from 'zod';
import { JobsOverview } from '../jobs.ts';
import { route } from './contract.ts';

export const JobIdParams = z.object({ id: z.uuid('validation.invalid') });
export const CatalogPollQueued = z.object({ queued: z.boolean() });
export const JobRetried = z.object({ retried: z.literal(true) });

const jobsRoute = { tags: ['jobs'], auth: true } as const;

/**
 * The back office's jobs page (staff: Admin, Manager): counts per state, the last catalog poll, recent failures;
 * "run the catalog poll now" and "retry" of a dead job.
 */
export const jobsContract = {
  overview: route({
    ...jobsRoute,
    method: 'GET',
    path: '/admin/jobs',
    description: 'Background jobs: counts per state, the last catalog poll, recent failed and dead jobs.',
    responses: { 200: JobsOverview },
    errors: ['FORBIDDEN'],
  }),
  catalogPoll: route({
    ...jobsRoute,
    method: 'POST',
    path: '/admin/jobs/catalog-poll',
    description: 'Queue a catalog poll now; queued: false when one is already waiting or running.',
    responses: { 202: CatalogPollQueued },
    errors: ['FORBIDDEN'],
  }),
  retry: route({
    ...jobsRoute,
    method: 'POST',
    path: '/admin/jobs/:id/retry',
    description: 'Retry a dead job (failed on every attempt): it is queued again with its retries reset.',
    params: JobIdParams,
    responses: { 200: JobRetried },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
};
