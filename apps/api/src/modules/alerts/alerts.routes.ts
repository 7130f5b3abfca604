import { alertsContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import type { AlertsService } from './alerts.service.ts';

/**
 * Alerts (issue 15 §3). The notification centre and the e-mail settings are the farmer's own (role User);
 * a parcel's rules are read by its owner and by staff (same read rights as the parcel), written by the owner.
 */
export const alertsRoutes: FastifyPluginAsyncZod<{ service: AlertsService }> = async (app, { service }) => {
  const farmer = app.requireRole('User');
  const readers = app.requireRole('User', 'Admin', 'Manager');

  app.route({
    ...fromContract(contract.list),
    onRequest: farmer,
    handler: (request) => service.list(authed(request), request.query.limit),
  });

  app.route({
    ...fromContract(contract.readAll),
    onRequest: farmer,
    handler: (request) => service.markAllRead(authed(request)),
  });

  app.route({
    ...fromContract(contract.read),
    onRequest: farmer,
    handler: (request) => service.markRead(authed(request), request.params.id),
  });

  app.route({
    ...fromContract(contract.settings),
    onRequest: farmer,
    handler: (request) => service.settings(authed(request)),
  });

  app.route({
    ...fromContract(contract.saveSettings),
    onRequest: farmer,
    handler: (request) => service.saveSettings(authed(request), request.body),
  });

  app.route({
    ...fromContract(contract.rules),
    onRequest: readers,
    handler: (request) => service.rules(authed(request), request.params.id),
  });

  app.route({
    ...fromContract(contract.saveRules),
    onRequest: farmer,
    handler: (request) => service.saveRules(authed(request), request.params.id, request.body),
  });
};
