import { findNul, TEXT_MESSAGES } from '@filaha/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError } from '../core/errors.ts';

/**
 * The path (`q`, `items.0.name`) of the first U+0000 in the request's path parameters, query string or parsed
 * body, or null. Multipart fields are read by their route and checked as they arrive (publication-form.ts).
 */
export function nulInRequest(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): string | null {
  for (const [where, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const path = findNul(value);
    if (path !== null) return path === '' ? where : path;
  }
  return null;
}

/**
 * Refuses U+0000 in any string of any request — path parameter, query or JSON body, values and keys — with
 * 400 VALIDATION_FAILED before the route's schema runs. PostgreSQL cannot store U+0000 in text, so without this
 * a single forgotten field gave 500. One hook at the root: a route added later is covered without doing
 * anything (the fuzz test in input-fuzz.test.ts checks every route of the authorization matrix).
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      const path = nulInRequest(request);
      if (path !== null) throw ValidationError.field(path, TEXT_MESSAGES.nul);
    });
  },
  { name: 'input-guard', dependencies: ['error-handler'] },
);
