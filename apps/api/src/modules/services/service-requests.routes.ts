import { servicesContract as contract } from '@filaha/shared/contracts';
import { normalizeIP } from '@fastify/rate-limit';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../context.ts';
import { fromContract } from '../../core/contract-route.ts';
import { RateLimitedError } from '../../core/errors.ts';
import type { ServiceRequestsService } from './service-requests.service.ts';

/** A visitor's form must not become a spam channel: a few requests per address and hour is plenty. */
export const SERVICE_REQUEST_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 } as const;

export const serviceRequestsRoutes: FastifyPluginAsyncZod<{ serviceRequests: ServiceRequestsService }> = async (
  app,
  { serviceRequests },
) => {
  // createRateLimit (not rateLimit): the general /api limit has already run for this request, and
  // rateLimit() hooks run only once per request.
  const limiter = app.createRateLimit({
    max: SERVICE_REQUEST_LIMIT.max,
    timeWindow: SERVICE_REQUEST_LIMIT.windowMs,
    // An IPv6 address counts as its /64, like the general limit.
    keyGenerator: (request) => `service-request:${normalizeIP(request.ip)}`,
  });
  const limit: onRequestAsyncHookHandler = async (request) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) throw new RateLimitedError(result.ttlInSeconds);
  };
  // Public form: a token is optional, but one that is sent must be valid (the sender is then recorded).
  const optionalAuth: onRequestAsyncHookHandler = async function (request, reply) {
    if (request.headers.authorization) await app.authenticate.call(this, request, reply);
  };

  app.route({
    ...fromContract(contract.create),
    onRequest: [limit, optionalAuth],
    handler: async (request, reply) =>
      reply.code(201).send(await serviceRequests.create({ ctx: ctxOf(request), input: request.body })),
  });

  app.route({
    ...fromContract(contract.list),
    onRequest: app.requireRole('Admin', 'Manager'),
    handler: () => serviceRequests.list(),
  });
};
