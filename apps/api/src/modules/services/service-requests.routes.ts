import { ServiceRequestInput } from '@filaha/shared';
import { normalizeIP } from '@fastify/rate-limit';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../context.ts';
import { RateLimitedError } from '../../core/errors.ts';
import { ServiceRequest, ServiceRequestCreated } from './service-requests.schemas.ts';
import type { ServiceRequestsService } from './service-requests.service.ts';

/** A visitor's form must not become a spam channel: a few requests per address and hour is plenty. */
export const SERVICE_REQUEST_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 } as const;

export const serviceRequestsRoutes: FastifyPluginAsyncZod<{ serviceRequests: ServiceRequestsService }> = async (
  app,
  { serviceRequests },
) => {
  const tags = ['services'];
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

  app.post(
    '/service-requests',
    {
      onRequest: [limit, optionalAuth],
      schema: { tags, body: ServiceRequestInput, response: { 201: ServiceRequestCreated } },
    },
    async (request, reply) =>
      reply.code(201).send(await serviceRequests.create({ ctx: ctxOf(request), input: request.body })),
  );

  app.get(
    '/service-requests',
    {
      onRequest: app.requireRole('Admin', 'Manager'),
      schema: { tags, security: [{ bearer: [] }], response: { 200: z.array(ServiceRequest) } },
    },
    () => serviceRequests.list(),
  );
};
