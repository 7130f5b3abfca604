import { ALERT_RULE_NAMES, AlertRulesInput, AlertSettingsInput, ID_MAX } from '@filaha/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedCtxOf as authed } from '../../context.ts';
import type { AlertsService } from './alerts.service.ts';

const id = z.coerce
  .number('validation.invalid')
  .int('validation.invalid')
  .positive('validation.invalid')
  .max(ID_MAX, 'validation.invalid');
const IdParams = z.object({ id });
const ListQuery = z.object({
  limit: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(200, 'validation.invalid')
    .default(50),
});

const Rule = z.enum(ALERT_RULE_NAMES);
const AlertItem = z.object({
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
  createdAt: z.string(),
  read: z.boolean(),
});
const AlertList = z.object({ unread: z.number(), alerts: z.array(AlertItem) });
const ParcelRules = z.object({
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

/**
 * Alerts (issue 15 §3). The notification centre and the e-mail settings are the farmer's own (role User);
 * a parcel's rules are read by its owner and by staff (same read rights as the parcel), written by the owner.
 */
export const alertsRoutes: FastifyPluginAsyncZod<{ service: AlertsService }> = async (app, { service }) => {
  const farmer = { onRequest: app.requireRole('User') };
  const readers = { onRequest: app.requireRole('User', 'Admin', 'Manager') };
  const schema = { tags: ['alerts'], security: [{ bearer: [] }] };

  app.get(
    '/alerts',
    {
      ...farmer,
      schema: {
        ...schema,
        description: 'My alerts, newest acquisition first, with the number of unread ones.',
        querystring: ListQuery,
        response: { 200: AlertList },
      },
    },
    (request) => service.list(authed(request), request.query.limit),
  );

  app.post(
    '/alerts/read-all',
    {
      ...farmer,
      schema: { ...schema, response: { 200: z.object({ updated: z.number(), unread: z.number() }) } },
    },
    (request) => service.markAllRead(authed(request)),
  );

  app.post(
    '/alerts/:id/read',
    {
      ...farmer,
      schema: {
        ...schema,
        params: IdParams,
        response: { 200: z.object({ id: z.number(), read: z.literal(true), unread: z.number() }) },
      },
    },
    (request) => service.markRead(authed(request), request.params.id),
  );

  app.get('/alerts/settings', { ...farmer, schema: { ...schema, response: { 200: AlertSettingsInput } } }, (request) =>
    service.settings(authed(request)),
  );

  app.put(
    '/alerts/settings',
    { ...farmer, schema: { ...schema, body: AlertSettingsInput, response: { 200: AlertSettingsInput } } },
    (request) => service.saveSettings(authed(request), request.body),
  );

  app.get(
    '/parcelle/:id/alert-rules',
    { ...readers, schema: { ...schema, params: IdParams, response: { 200: ParcelRules } } },
    (request) => service.rules(authed(request), request.params.id),
  );

  app.put(
    '/parcelle/:id/alert-rules',
    {
      ...farmer,
      schema: { ...schema, params: IdParams, body: AlertRulesInput, response: { 200: ParcelRules } },
    },
    (request) => service.saveRules(authed(request), request.params.id, request.body),
  );
};
