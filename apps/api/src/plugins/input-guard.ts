import { findNul, jsonNestingExceeds, TEXT_MESSAGES } from '@filaha/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ValidationError } from '../core/errors.ts';

/**
 * The deepest JSON body the API reads: arrays and objects open at once. No contract nests more than a few levels
 * (a GeoJSON polygon: 4); deeper bodies are refused with 400 BODY_TOO_DEEP on the raw text, before parsing.
 */
export const MAX_JSON_DEPTH = 64;

/** One log line per client per minute at most for refused deep bodies: an anonymous sender cannot flood the log. */
export const REFUSAL_LOG_INTERVAL_MS = 60_000;
/** Clients remembered by the log throttle; beyond that the oldest are forgotten (memory stays bounded). */
export const REFUSAL_LOG_CLIENTS = 1000;

/**
 * Whether a refusal from `client` is to be logged now: at most once per `intervalMs` per client. A small in-memory
 * map per process (client → time of its last logged refusal), at most `maxClients` entries: the oldest entry goes
 * first when it is full. Per process, so N API processes log at most N lines per client per minute.
 */
export function refusalLogThrottle({
  intervalMs = REFUSAL_LOG_INTERVAL_MS,
  maxClients = REFUSAL_LOG_CLIENTS,
  now = Date.now,
}: { intervalMs?: number; maxClients?: number; now?: () => number } = {}): (client: string) => boolean {
  const lastLogged = new Map<string, number>();
  return (client) => {
    const at = now();
    const last = lastLogged.get(client);
    if (last !== undefined && at - last < intervalMs) return false;
    // Re-inserted, so the map's order is the order of the last log: its first key is the oldest.
    lastLogged.delete(client);
    if (lastLogged.size >= maxClients) lastLogged.delete(lastLogged.keys().next().value!);
    lastLogged.set(client, at);
    return true;
  };
}

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

export interface InputGuardOptions {
  /** The clock of the refusal-log throttle (tests). */
  now?: () => number;
}

/**
 * Two refusals on every route, before the route's schema and any other work:
 * - a JSON body nested more than MAX_JSON_DEPTH levels: 400 BODY_TOO_DEEP, decided on the raw text by the JSON
 *   parser below before JSON.parse (issue 28: `[` × 8000 overflowed the stack of the walks after it and answered
 *   500 on every JSON route, with a stack trace in the log each time). Logged at most once per client per minute;
 * - U+0000 in any string — path parameter, query or JSON body, values and keys — with 400 VALIDATION_FAILED.
 *   PostgreSQL cannot store U+0000 in text, so without this a single forgotten field gave 500.
 * Registered at the root: a route added later is covered without doing anything (input-fuzz.test.ts checks every
 * route of the authorization matrix).
 */
export const inputGuardPlugin = fp<InputGuardOptions>(
  async (app: FastifyInstance, { now }) => {
    const shouldLog = refusalLogThrottle({ now });
    const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
    // Fastify's own JSON parser (prototype-poisoning checks and error answers included), behind the depth check.
    const parseJson = app.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      if (jsonNestingExceeds(text, MAX_JSON_DEPTH)) {
        if (shouldLog(request.ip)) {
          request.log.warn(
            { ip: request.ip, bytes: text.length, maxDepth: MAX_JSON_DEPTH },
            'JSON body nested too deep refused (logged once per client per minute)',
          );
        }
        done(new AppError('BODY_TOO_DEEP'), undefined);
        return;
      }
      parseJson(request, text, done);
    });
    app.addHook('preValidation', async (request) => {
      const path = nulInRequest(request);
      if (path !== null) throw ValidationError.field(path, TEXT_MESSAGES.nul);
    });
  },
  { name: 'input-guard', dependencies: ['error-handler'] },
);
