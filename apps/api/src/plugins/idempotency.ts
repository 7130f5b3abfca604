import { createHash } from 'node:crypto';
import { inAmbientTransaction, sql, type Db } from '@filaha/db';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ValidationError } from '../core/errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that is the stored first answer, not a new run of the request. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key and its answer are kept. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/**
 * A committed claim without an answer can only be a row left by an earlier version of this plugin (which claimed
 * outside the write's transaction; a claim and its answer now commit together): it is taken over after this long.
 */
export const STALE_LOCK_SECONDS = 120;
/**
 * Test-only fault (apps/api/test/idempotency-crash.test.ts): with this variable set to `1`, the process
 * kills itself (SIGKILL) right after a keyed write commits, before its answer is sent — the crash the design
 * must survive. Never set in production.
 */
export const KILL_AFTER_COMMIT_ENV = 'FILAHA_TEST_KILL_AFTER_IDEMPOTENT_COMMIT';
const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;
const METHODS = new Set(['POST', 'PUT', 'PATCH']);
const SWEEP_EVERY_MS = 60_000;

export interface IdempotencyOptions {
  db: Db;
}

interface Claim {
  userId: number;
  key: string;
  /** Set when the route's handler ran for the key (and rolled back): its 4xx answer is then kept by onSend. */
  fingerprint?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request holds a valid idempotency key of a signed-in user (preHandler). */
    idempotency: Claim | null;
    /**
     * The hash of a body the route reads itself (multipart: fields and each file's SHA-256, see
     * `multipartDigest`), set before the handler runs; null for a parsed (JSON) body, which is hashed as is.
     */
    bodyDigest: string | null;
  }
  interface FastifyContextConfig {
    /**
     * `false`: the route's handler uses a connection outside the app's database transactions (pg-boss's), so it
     * cannot run inside a keyed transaction; the header is ignored on it, as for a visitor.
     */
    idempotency?: false;
  }
}

type Row = {
  fingerprint: string;
  status_code: number | null;
  content_type: string | null;
  body: string | null;
  stale: boolean;
};

interface Answer {
  status: number;
  contentType: string | null;
  body: string;
}

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

/** What makes two requests "the same request": method, URL (with query) and the body (parsed, or its digest). */
export function fingerprintOf(
  request: Pick<FastifyRequest, 'method' | 'url' | 'body'> & { bodyDigest?: string | null },
): string {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  if (request.bodyDigest) hash.update(`digest ${request.bodyDigest}`);
  else hash.update(JSON.stringify(request.body ?? null));
  return hash.digest('hex');
}

/**
 * The digest of a multipart body, fed part by part as the route reads it (so a file is hashed from the one
 * buffer the route holds anyway, never kept): each field's name and value, each file's field name, file name
 * and SHA-256, in the order sent.
 */
export function multipartDigest() {
  const hash = createHash('sha256');
  return {
    field(name: string, value: string) {
      hash.update(`${JSON.stringify(['field', name, value])}\n`);
    },
    file(name: string, filename: string, bytes: Buffer) {
      const content = createHash('sha256').update(bytes).digest('hex');
      hash.update(`${JSON.stringify(['file', name, filename, content])}\n`);
    },
    digest: () => hash.digest('hex'),
  };
}

/** An answer as text, the way Fastify would send it (the route's serializer for objects). */
function answerOf(reply: FastifyReply, payload: unknown): Answer {
  const type = reply.getHeader('content-type');
  const given = typeof type === 'string' ? type : null;
  if (payload === undefined || payload === null) return { status: reply.statusCode, contentType: given, body: '' };
  if (typeof payload === 'string') {
    return { status: reply.statusCode, contentType: given ?? 'text/plain; charset=utf-8', body: payload };
  }
  if (Buffer.isBuffer(payload)) return { status: reply.statusCode, contentType: given, body: payload.toString('utf8') };
  if (typeof (payload as { pipe?: unknown }).pipe === 'function') {
    // A stream cannot be stored: refused (500, rolled back) rather than committed without its answer.
    throw new Error('a keyed write answered with a stream, which cannot be kept for its key');
  }
  return {
    status: reply.statusCode,
    contentType: given ?? 'application/json; charset=utf-8',
    body: String(reply.serialize(payload)),
  };
}

/**
 * `Idempotency-Key` for writes (POST, PUT, PATCH) of a signed-in user. The first request with a key runs and
 * its answer (status, type, body) is stored with the key, per user, for 24 hours, in `idempotency_keys` — one
 * table every API process shares. The same key again from the same user, with the same request, gets that
 * first answer back (header `Idempotent-Replayed: true`) and changes nothing; with a different request it gets
 * 422 IDEMPOTENCY_KEY_REUSED. Another user's identical key is another key.
 *
 * Committed ⇔ answer stored: a keyed request's handler runs inside ONE database transaction (`inAmbientTransaction`
 * of @filaha/db: every repository's call joins it) that first inserts the key's row, then runs the handler, then
 * stores the serialized answer in that row, and commits. A crash before the commit leaves neither the write nor
 * the key (the retry runs once); after it, both (the retry replays). A second request with the key while the
 * first runs waits on the first's uncommitted row (PostgreSQL's unique-index lock; PGlite runs one transaction
 * at a time), then replays its answer or, if it rolled back, runs. A handler that throws rolls back all it did;
 * its 4xx answer is then stored for the key on its own (nothing was written); a 5xx answer is not kept.
 *
 * The key is checked in a preHandler (after the route's authentication and body validation, so a request
 * refused before the handler — 401, 403, 400 by schema, 429 — never claims a key); the fingerprint is taken
 * when the handler starts, after the route's own preHandlers read a multipart body (`bodyDigest`). Requests
 * without a signed-in user (the public service-request form sent by a visitor) ignore the header: there is no
 * one to scope it to.
 *
 * Written here rather than taken from a library: no maintained Fastify plugin exists, and the Node ones
 * (@node-idempotency/*) store in memory or Redis only, not in the PostgreSQL/PGlite database this API runs on.
 */
export const idempotencyPlugin = fp<IdempotencyOptions>(
  async (app: FastifyInstance, { db }) => {
    app.decorateRequest('idempotency', null);
    app.decorateRequest('bodyDigest', null);
    let lastSweep = 0;
    const killAfterCommit = process.env[KILL_AFTER_COMMIT_ENV] === '1';

    const sweepIfDue = async () => {
      const now = Date.now();
      if (now - lastSweep < SWEEP_EVERY_MS) return;
      lastSweep = now;
      await db.execute(sql`DELETE FROM idempotency_keys WHERE expires_at < now()`);
    };

    /**
     * Inside the transaction: claims the key (true), or finds the committed answer to replay. Waits while
     * another transaction holds an uncommitted claim of the key.
     */
    const claim = async (held: Claim, fingerprint: string): Promise<Row | null> => {
      const { userId, key } = held;
      await db.execute(
        sql`DELETE FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key} AND expires_at < now()`,
      );
      const inserted = await db.execute<{ key: string }>(
        sql`INSERT INTO idempotency_keys (user_id, key, fingerprint, expires_at)
            VALUES (${userId}, ${key}, ${fingerprint}, now() + make_interval(secs => ${IDEMPOTENCY_TTL_SECONDS}))
            ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
      );
      if (inserted.rows.length === 1) return null;
      const { rows } = await db.execute<Row>(
        sql`SELECT fingerprint, status_code, content_type, body,
                   (locked_at < now() - make_interval(secs => ${STALE_LOCK_SECONDS})) AS stale
            FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key} FOR UPDATE`,
      );
      const row = rows[0];
      if (!row) throw new InProgressError();
      if (row.fingerprint !== fingerprint) throw new KeyReusedError();
      if (row.status_code !== null) return row;
      // A claim without an answer, committed by an earlier version of this plugin: taken over once stale.
      if (!row.stale) throw new InProgressError();
      await db.execute(sql`UPDATE idempotency_keys SET locked_at = now() WHERE user_id = ${userId} AND key = ${key}`);
      return null;
    };

    const store = async ({ userId, key }: Claim, answer: Answer) => {
      await db.execute(
        sql`UPDATE idempotency_keys SET status_code = ${answer.status}, body = ${answer.body},
                   content_type = ${answer.contentType}
            WHERE user_id = ${userId} AND key = ${key}`,
      );
    };

    /** Runs a keyed request's handler with its claim and its answer in one transaction (see above). */
    const runKeyed = async (request: FastifyRequest, reply: FastifyReply, handler: () => unknown) => {
      const held = request.idempotency as Claim;
      const fingerprint = fingerprintOf(request);
      await sweepIfDue();
      const outcome = await inAmbientTransaction(
        db,
        async () => {
          let prior: Row | null;
          try {
            prior = await claim(held, fingerprint);
          } catch (error) {
            request.idempotency = null; // a refusal of the key is not the key's answer
            throw error;
          }
          if (prior) return { kind: 'replay', row: prior } as const;
          held.fingerprint = fingerprint;
          // The handler's reply.send(x) is held back until the answer is committed with the key. Meanwhile the
          // reply is not a thenable (Fastify's reply.then waits for the answer to be sent): a handler returning
          // `reply.code(201).send(x)` then resolves with the reply instead of waiting on itself.
          let sent: { payload: unknown } | null = null;
          const own = reply as unknown as { send?: (payload?: unknown) => FastifyReply; then?: undefined };
          own.send = (payload?: unknown) => {
            sent = { payload };
            return reply;
          };
          own.then = undefined;
          let result: unknown;
          try {
            result = await handler();
          } finally {
            delete own.send;
            delete own.then;
          }
          const captured = sent as { payload: unknown } | null;
          const answer = answerOf(reply, captured ? captured.payload : result === reply ? undefined : result);
          if (answer.status >= 500) throw new Error(`a keyed write answered ${answer.status}`);
          await store(held, answer);
          return { kind: 'ran', answer } as const;
        },
        (error) => request.log.error({ err: error }, 'work after a keyed write failed'),
      );
      request.idempotency = null;
      if (outcome.kind === 'replay') {
        const { row } = outcome;
        reply.code(row.status_code ?? 200).header(REPLAYED_HEADER, 'true');
        if (row.content_type) reply.header('content-type', row.content_type);
        return reply.send(row.body ?? '');
      }
      if (killAfterCommit) process.kill(process.pid, 'SIGKILL');
      const { answer } = outcome;
      reply.code(answer.status);
      if (answer.contentType) reply.header('content-type', answer.contentType);
      return reply.send(answer.body);
    };

    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.some((m) => METHODS.has(m)) || route.config?.idempotency === false) return;
      const handler = route.handler;
      route.handler = function keyed(this: FastifyInstance, request, reply) {
        if (!request.idempotency) return handler.call(this, request, reply);
        return runKeyed(request, reply, () => handler.call(this, request, reply));
      };
    });

    app.addHook('preHandler', async (request) => {
      if (!METHODS.has(request.method) || request.routeOptions.config.idempotency === false) return;
      const header = request.headers[IDEMPOTENCY_HEADER];
      if (header === undefined || !request.user) return;
      if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
        throw ValidationError.field('Idempotency-Key', 'validation.invalid');
      }
      request.idempotency = { userId: request.user.id, key: header };
    });

    // A keyed handler that threw was rolled back whole: its 4xx answer is the key's answer (nothing was written,
    // so storing it apart keeps "committed ⇔ answer stored"); a 5xx answer is not kept, the retry runs again.
    app.addHook('onSend', async (request, reply, payload) => {
      const held = request.idempotency;
      request.idempotency = null;
      if (!held?.fingerprint || reply.statusCode >= 500) return payload;
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      if (body === null) return payload;
      const type = reply.getHeader('content-type');
      await db.execute(
        sql`INSERT INTO idempotency_keys (user_id, key, fingerprint, status_code, content_type, body, expires_at)
            VALUES (${held.userId}, ${held.key}, ${held.fingerprint}, ${reply.statusCode},
                    ${typeof type === 'string' ? type : null}, ${body},
                    now() + make_interval(secs => ${IDEMPOTENCY_TTL_SECONDS}))
            ON CONFLICT (user_id, key) DO NOTHING`,
      );
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['auth'] },
);
