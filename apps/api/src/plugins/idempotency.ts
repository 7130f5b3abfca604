import { createHash } from 'node:crypto';
import { sql, type Db } from '@filaha/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ValidationError } from '../core/errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that is the stored first answer, not a new run of the request. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key and its answer are kept. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/**
 * A first request still "running" after this long is taken to have died with its process (no answer was ever
 * stored), and the next request with the key runs. Far above any request's duration (LIMITS.httpTimeoutMs).
 */
export const STALE_LOCK_SECONDS = 120;
const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;
const METHODS = new Set(['POST', 'PUT', 'PATCH']);
const SWEEP_EVERY_MS = 60_000;

export interface IdempotencyOptions {
  db: Db;
}

interface Claim {
  userId: number;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request holds an idempotency key: its answer is stored for that key in onSend. */
    idempotency: Claim | null;
  }
}

type Row = {
  fingerprint: string;
  status_code: number | null;
  content_type: string | null;
  body: string | null;
  stale: boolean;
};

/** The same key with another method, path or body: never run, never replayed (422, stable code). */
class KeyReusedError extends AppError {
  constructor() {
    super('IDEMPOTENCY_KEY_REUSED');
  }
}

/** The first request with this key is still running: try again in a moment (409, stable code). */
class InProgressError extends AppError {
  constructor() {
    super('IDEMPOTENCY_IN_PROGRESS', { headers: { 'retry-after': '1' } });
  }
}

/** What makes two requests "the same request": method, URL (with query) and the parsed body. */
export function fingerprintOf(request: Pick<FastifyRequest, 'method' | 'url' | 'body'>): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
}

/**
 * `Idempotency-Key` for writes (POST, PUT, PATCH) of a signed-in user. The first request with a key runs and
 * its answer (status, type, body) is stored with the key, per user, for 24 hours, in `idempotency_keys` — one
 * table every API process shares. The same key again from the same user, with the same request, gets that
 * first answer back (header `Idempotent-Replayed: true`) and changes nothing; with a different request it gets
 * 422 IDEMPOTENCY_KEY_REUSED; while the first is still running, 409 IDEMPOTENCY_IN_PROGRESS (Retry-After: 1).
 * Another user's identical key is another key. A 5xx answer is not kept, so a retry runs again.
 *
 * Runs as a preHandler: after the route's authentication (onRequest) and body validation, so a request that is
 * refused before the handler (401, 403, 400 by schema, 429) never claims a key. Requests without a signed-in
 * user (the public service-request form sent by a visitor) ignore the header: there is no one to scope it to.
 *
 * Written here rather than taken from a library: no maintained Fastify plugin exists, and the Node ones
 * (@node-idempotency/*) store in memory or Redis only, not in the PostgreSQL/PGlite database this API runs on.
 */
export const idempotencyPlugin = fp<IdempotencyOptions>(
  async (app: FastifyInstance, { db }) => {
    app.decorateRequest('idempotency', null);
    let lastSweep = 0;

    const sweepIfDue = async () => {
      const now = Date.now();
      if (now - lastSweep < SWEEP_EVERY_MS) return;
      lastSweep = now;
      await db.execute(sql`DELETE FROM idempotency_keys WHERE expires_at < now()`);
    };

    /** Inserts the key as running; true when this request now holds it. */
    const claim = async (userId: number, key: string, fingerprint: string): Promise<boolean> => {
      const { rows } = await db.execute<{ key: string }>(
        sql`INSERT INTO idempotency_keys (user_id, key, fingerprint, expires_at)
            VALUES (${userId}, ${key}, ${fingerprint}, now() + make_interval(secs => ${IDEMPOTENCY_TTL_SECONDS}))
            ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
      );
      return rows.length === 1;
    };

    app.addHook('preHandler', async (request, reply) => {
      if (!METHODS.has(request.method)) return;
      const header = request.headers[IDEMPOTENCY_HEADER];
      if (header === undefined || !request.user) return;
      if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
        throw ValidationError.field('Idempotency-Key', 'validation.invalid');
      }
      const userId = request.user.id;
      const fingerprint = fingerprintOf(request);
      await sweepIfDue();

      for (let attempt = 0; attempt < 3; attempt += 1) {
        if (await claim(userId, header, fingerprint)) {
          request.idempotency = { userId, key: header };
          return;
        }
        const { rows } = await db.execute<Row>(
          sql`SELECT fingerprint, status_code, content_type, body,
                     (locked_at < now() - make_interval(secs => ${STALE_LOCK_SECONDS})) AS stale
              FROM idempotency_keys WHERE user_id = ${userId} AND key = ${header} AND expires_at >= now()`,
        );
        const row = rows[0];
        if (!row) {
          // Expired (or deleted meanwhile): clear it and claim again.
          await db.execute(
            sql`DELETE FROM idempotency_keys WHERE user_id = ${userId} AND key = ${header} AND expires_at < now()`,
          );
          continue;
        }
        if (row.fingerprint !== fingerprint) throw new KeyReusedError();
        if (row.status_code === null) {
          if (!row.stale) throw new InProgressError();
          // The first run died without an answer: take the key over (one taker wins the update).
          const taken = await db.execute<{ key: string }>(
            sql`UPDATE idempotency_keys SET locked_at = now()
                WHERE user_id = ${userId} AND key = ${header} AND status_code IS NULL
                  AND locked_at < now() - make_interval(secs => ${STALE_LOCK_SECONDS})
                RETURNING key`,
          );
          if (taken.rows.length !== 1) throw new InProgressError();
          request.idempotency = { userId, key: header };
          return;
        }
        reply.code(row.status_code).header(REPLAYED_HEADER, 'true');
        if (row.content_type) reply.header('content-type', row.content_type);
        return reply.send(row.body ?? '');
      }
      throw new InProgressError();
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const held = request.idempotency;
      if (!held) return payload;
      request.idempotency = null;
      const status = reply.statusCode;
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      if (status >= 500 || body === null) {
        // Not an answer to keep (a failure, or a stream): the next request with the key runs again.
        await db.execute(sql`DELETE FROM idempotency_keys WHERE user_id = ${held.userId} AND key = ${held.key}`);
        return payload;
      }
      const type = reply.getHeader('content-type');
      await db.execute(
        sql`UPDATE idempotency_keys SET status_code = ${status}, body = ${body},
                   content_type = ${typeof type === 'string' ? type : null}
            WHERE user_id = ${held.userId} AND key = ${held.key}`,
      );
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['auth'] },
);
