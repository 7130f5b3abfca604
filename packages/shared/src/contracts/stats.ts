import { z } from 'zod';
import { route } from './contract.ts';

export const RequestsPerMonthQuery = z.object({
  months: z.coerce
    .number({ error: 'validation.limit' })
    .int('validation.limit')
    .min(1, 'validation.limit')
    .max(24, 'validation.limit')
    .default(12),
});

export const RequestsPerMonth = z.object({
  /** `YYYY-MM`, oldest first, the current month last (Algiers time). */
  months: z.array(z.string()),
  series: z.array(z.object({ code: z.string(), name: z.string(), counts: z.array(z.number().int()) })),
});
export type RequestsPerMonth = z.output<typeof RequestsPerMonth>;

/** The manager dashboard's figures (Admin, Manager). */
export const statsContract = {
  requestsPerMonth: route({
    method: 'GET',
    path: '/stats/requests-per-month',
    tags: ['stats'],
    auth: true,
    query: RequestsPerMonthQuery,
    responses: { 200: RequestsPerMonth },
    errors: ['FORBIDDEN'],
  }),
};
