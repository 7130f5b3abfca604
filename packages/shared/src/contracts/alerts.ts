import { z } from 'zod';
import { ALERT_RULE_NAMES, AlertRulesInput, AlertSettingsAnswer, AlertSettingsInput } from '../alerts.ts';
import { ID_MAX } from '../limits.ts';
import { route } from './contract.ts';

const alertId = z.coerce
  .number('validation.invalid')
  .int('validation.invalid')
  .positive('validation.invalid')
  .max(ID_MAX, 'validation.invalid');
export const AlertIdParams = z.object({ id: alertId });
export const AlertListQuery = z.object({
  limit: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(200, 'validation.invalid')
    .default(50),
});

const Rule = z.enum(ALERT_RULE_NAMES);
export const AlertEntry = z.object({
  id: z.number(),
  parcelId: z.number(),
  parcelName: z.string(),
  rule: Rule,
  date: z.string(),
  sceneId: z.string(),
  index: z.string(),
  value: z.number().nullable(),
  previous: z.number().nullable(),
  previousDate: z.string().nullable(),
  threshold: z.number().nullable(),
  share: z.number().nullable(),
  likelyHarvest: z.boolean(),
  depletion: z.number().nullable(),
  raw: z.number().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export const AlertListAnswer = z.object({ unread: z.number(), alerts: z.array(AlertEntry) });
export const ParcelAlertRulesAnswer = z.object({
  parcelId: z.number(),
  rules: z.array(
    z.object({
      rule: Rule,
      enabled: z.boolean(),
      index: z.string(),
      threshold: z.number().nullable(),
      share: z.number().nullable(),
    }),
  ),
});
export const AlertsReadAll = z.object({ updated: z.number(), unread: z.number() });
export const AlertRead = z.object({ id: z.number(), read: z.literal(true), unread: z.number() });

const alertRoute = { tags: ['alerts'], auth: true } as const;

/**
 * Alerts (issue 15 §3). The notification centre and the e-mail settings are the farmer's own (role User);
 * a parcel's rules are read by its owner and by staff (same read rights as the parcel), written by the owner.
 */
export const alertsContract = {
  list: route({
    ...alertRoute,
    method: 'GET',
    path: '/alerts',
    description: 'My alerts, newest acquisition first, with the number of unread ones.',
    query: AlertListQuery,
    responses: { 200: AlertListAnswer },
    errors: ['FORBIDDEN'],
  }),
  readAll: route({
    ...alertRoute,
    method: 'POST',
    path: '/alerts/read-all',
    responses: { 200: AlertsReadAll },
    errors: ['FORBIDDEN'],
  }),
  read: route({
    ...alertRoute,
    method: 'POST',
    path: '/alerts/:id/read',
    params: AlertIdParams,
    responses: { 200: AlertRead },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  settings: route({
    ...alertRoute,
    method: 'GET',
    path: '/alerts/settings',
    responses: { 200: AlertSettingsAnswer },
    errors: ['FORBIDDEN'],
  }),
  saveSettings: route({
    ...alertRoute,
    method: 'PUT',
    path: '/alerts/settings',
    body: AlertSettingsInput,
    responses: { 200: AlertSettingsAnswer },
    errors: ['FORBIDDEN'],
  }),
  rules: route({
    ...alertRoute,
    method: 'GET',
    path: '/parcelle/:id/alert-rules',
    params: AlertIdParams,
    responses: { 200: ParcelAlertRulesAnswer },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  saveRules: route({
    ...alertRoute,
    method: 'PUT',
    path: '/parcelle/:id/alert-rules',
    params: AlertIdParams,
    body: AlertRulesInput,
    responses: { 200: ParcelAlertRulesAnswer },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
};
