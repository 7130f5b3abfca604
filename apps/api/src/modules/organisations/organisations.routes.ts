import { organisationsContract as contract } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import type { OrganisationsService } from './organisations.service.ts';

/**
 * `/organisations/*`, `/grants`, `/access-log` (issue 30 §1). Creating an organisation is for platform admins;
 * the rest is open to any signed-in account and decided by membership (the service): an organisation's members
 * and admins, a farmer's own grants and reads.
 */
export const organisationsRoutes: FastifyPluginAsyncZod<{ service: OrganisationsService }> = async (
  app,
  { service },
) => {
  const signedIn = app.authenticate;
  const farmers = app.requireRole('User');

  app.route({
    ...fromContract(contract.create),
    onRequest: app.requireRole('Admin'),
    handler: async (request, reply) => reply.code(201).send(await service.create(authed(request), request.body)),
  });
  app.route({
    ...fromContract(contract.list),
    onRequest: signedIn,
    handler: (request) => service.list(authed(request)),
  });
  app.route({
    ...fromContract(contract.get),
    onRequest: signedIn,
    handler: (request) => service.get(authed(request), request.params.id),
  });
  app.route({
    ...fromContract(contract.addMember),
    onRequest: signedIn,
    handler: async (request, reply) =>
      reply.code(201).send(await service.addMember(authed(request), request.params.id, request.body)),
  });
  app.route({
    ...fromContract(contract.removeMember),
    onRequest: signedIn,
    handler: (request) => service.removeMember(authed(request), request.params.id, request.params.userId),
  });
  app.route({
    ...fromContract(contract.parcels),
    onRequest: signedIn,
    handler: (request) => service.parcels(authed(request), request.params.id),
  });
  app.route({
    ...fromContract(contract.parcel),
    onRequest: signedIn,
    handler: (request) => service.parcel(authed(request), request.params.id, request.params.parcelId),
  });
  app.route({
    ...fromContract(contract.grant),
    onRequest: farmers,
    handler: async (request, reply) => reply.code(201).send(await service.grant(authed(request), request.body)),
  });
  app.route({
    ...fromContract(contract.grants),
    onRequest: farmers,
    handler: (request) => service.grants(authed(request)),
  });
  app.route({
    ...fromContract(contract.revoke),
    onRequest: farmers,
    handler: (request) => service.revoke(authed(request), request.params.id),
  });
  app.route({
    ...fromContract(contract.accessLog),
    onRequest: farmers,
    handler: (request) => service.accessLog(authed(request)),
  });
};
