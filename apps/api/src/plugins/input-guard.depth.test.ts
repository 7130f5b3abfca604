import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from './error-handler.ts';
import { inputGuardPlugin, MAX_JSON_DEPTH, REFUSAL_LOG_INTERVAL_MS, refusalLogThrottle } from './input-guard.ts';

/**
 * Issue 28: a JSON body nested deeper than MAX_JSON_DEPTH is refused on its raw text with 400 BODY_TOO_DEEP (it
 * answered 500 with a stack overflow in the log), and the refusal is logged at most once per client per minute.
 * The guard alone, without a database: input-fuzz.test.ts sends such bodies to every route of the app.
 */

describe('a JSON body nested too deep', () => {
  /** An app with only the error handler and the guard, whose log lines are kept, and a clock the test moves. */
  async function guardedApp() {
    const lines: Array<{ level: number; msg: string; ip?: string }> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        callback();
      },
    });
    const clock = { now: 1_000_000 };
    const app = Fastify({ logger: { level: 'info', stream } });
    await app.register(errorHandlerPlugin);
    await app.register(inputGuardPlugin, { now: () => clock.now });
    app.post('/echo', async (request) => ({ body: request.body }));
    await app.ready();
    const send = (payload: string, ip: string) =>
      app.inject({
        method: 'POST',
        url: '/echo',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
        payload,
      });
    const refusalLines = () => lines.filter((line) => line.msg.startsWith('JSON body nested too deep'));
    return { app, clock, send, refusalLines, lines };
  }

  it('is refused with 400 BODY_TOO_DEEP in the caller’s language, at most once per client per minute in the log', async () => {
    const { app, clock, send, refusalLines, lines } = await guardedApp();
    const deep = '['.repeat(8000) + ']'.repeat(8000);
    for (let i = 0; i < 5; i += 1) {
      const res = await send(deep, '203.0.113.1');
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body)).toEqual({
        code: 'BODY_TOO_DEEP',
        message: 'Les données envoyées sont imbriquées trop profondément.',
      });
    }
    expect(refusalLines().map((line) => line.ip)).toEqual(['203.0.113.1']);
    // Another client gets its own line; the first one again only a minute later.
    await send(deep, '203.0.113.2');
    clock.now += REFUSAL_LOG_INTERVAL_MS - 1;
    await send(deep, '203.0.113.1');
    expect(refusalLines().map((line) => line.ip)).toEqual(['203.0.113.1', '203.0.113.2']);
    clock.now += 1;
    await send(deep, '203.0.113.1');
    expect(refusalLines().map((line) => line.ip)).toEqual(['203.0.113.1', '203.0.113.2', '203.0.113.1']);
    // No stack trace, no error-level line.
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    // The limit itself is read, and so are brackets inside strings.
    const limit = '['.repeat(MAX_JSON_DEPTH) + '"[[[["' + ']'.repeat(MAX_JSON_DEPTH);
    const res = await send(limit, '203.0.113.3');
    expect(res.statusCode, res.body).toBe(200);
    await app.close();
  });

  it('keeps the throttle’s memory bounded, forgetting the client logged longest ago', () => {
    const clock = { now: 0 };
    const shouldLog = refusalLogThrottle({ maxClients: 2, now: () => clock.now });
    expect(['a', 'b', 'a', 'c'].map(shouldLog)).toEqual([true, true, false, true]);
    // 'a' was forgotten to make room for 'c'; 'b' and 'c' are still remembered.
    expect(['a', 'c'].map(shouldLog)).toEqual([true, false]);
  });
});
