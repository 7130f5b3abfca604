import { randomUUID } from 'node:crypto';
import { rateLimitCounters, sql } from '@filaha/db';
import { getTestDb } from '@filaha/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json, type TestApp } from '../../test/helper.ts';
import { buildApp } from '../app.ts';
import { ATTEMPT_LIMITS } from '../plugins/security.ts';
import { databaseCounterStore, memoryCounterStore, prefixedCounterStore, type CounterStore } from './counters.ts';

// Opening the worker's test database can take a while (PGlite): not inside a test's time.
beforeAll(async () => {
  await getTestDb();
});

const stores: Array<[string, () => Promise<CounterStore>]> = [
  ['in memory', async () => memoryCounterStore()],
  // The SQL store on the test database: PGlite by default, PostgreSQL with DATABASE_URL.
  [
    'in the database',
    async () => prefixedCounterStore(databaseCounterStore((await getTestDb()).db), `t-${randomUUID()}:`),
  ],
];

describe.each(stores)('counters %s', (_name, make) => {
  it('counts hits in a window, takes one back, and restarts after the window', async () => {
    const counters = await make();
    expect(await counters.hit('a', 60_000)).toMatchObject({ count: 1 });
    expect(await counters.hit('a', 60_000)).toMatchObject({ count: 2 });
    const third = await counters.hit('a', 60_000);
    expect(third.count).toBe(3);
    expect(third.ttlMs).toBeGreaterThan(0);
    expect(third.ttlMs).toBeLessThanOrEqual(60_000);
    await counters.refund('a');
    expect((await counters.read(['a', 'absent'])).map((s) => s.count)).toEqual([2, 0]);
    // A 1 ms window has passed by the next statement: the count restarts.
    await counters.hit('short', 1);
    await new Promise((r) => setTimeout(r, 5));
    expect(await counters.read(['short'])).toEqual([{ count: 0, ttlMs: 0 }]);
    expect(await counters.hit('short', 60_000)).toMatchObject({ count: 1 });
  });

  it('keeps a mark for a long window (30 days) and counts parallel hits exactly', async () => {
    const counters = await make();
    await counters.mark('known', 30 * 24 * 3600 * 1000);
    const [known] = await counters.read(['known']);
    expect(known?.count).toBe(1);
    expect(known?.ttlMs).toBeGreaterThan(29 * 24 * 3600 * 1000);
    const results = await Promise.all(Array.from({ length: 40 }, () => counters.hit('burst', 60_000)));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('sweeps expired counters', async () => {
    const counters = await make();
    await counters.hit('gone', 1);
    await counters.hit('kept', 60_000);
    await new Promise((r) => setTimeout(r, 5));
    expect(await counters.sweep()).toBeGreaterThanOrEqual(1);
    expect((await counters.read(['kept']))[0]?.count).toBe(1);
  });
});

describe('rate_limit_counters table', () => {
  it('loses expired rows to the sweep and keeps live ones', async () => {
    const { db } = await getTestDb();
    const counters = databaseCounterStore(db);
    const key = `sweep-${randomUUID()}`;
    await counters.hit(key, 1);
    await new Promise((r) => setTimeout(r, 5));
    await counters.sweep();
    const rows = await db
      .select()
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.key} = ${key}`);
    expect(rows).toHaveLength(0);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two API instances on one PostgreSQL', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  it('count sign-in failures and /api requests together', async () => {
    const first = await buildTestApp({ RATE_LIMIT_MAX: '7' });
    apps.push(first);
    // A second instance on the same database with the same key space, as a second process would be.
    const prefix = `shared-${randomUUID()}:`;
    const a = await buildApp(first.config, { database: first.database, counterPrefix: prefix });
    const b = await buildApp(first.config, { database: first.database, counterPrefix: prefix });
    try {
      const { user, password } = await first.createUser();
      const { perAccount } = ATTEMPT_LIMITS.login;
      const attempt = (app: typeof a, i: number, pass = 'wrong-password') =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: pass },
          remoteAddress: `10.9.0.${i + 1}`,
        });
      for (let i = 0; i < perAccount; i++) {
        expect((await attempt(i % 2 === 0 ? a : b, i)).statusCode).toBe(401);
      }
      // Half the failures were made on each: both refuse now.
      expect(json(await attempt(a, 100, password))).toMatchObject({ code: 'RATE_LIMITED' });
      expect(json(await attempt(b, 101, password))).toMatchObject({ code: 'RATE_LIMITED' });

      // The general /api limit (7 a minute here) is shared too: 4 requests on A and 3 on B use it up.
      const health = (app: typeof a) => app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.9.1.1' });
      for (let i = 0; i < 7; i++) expect((await health(i < 4 ? a : b)).statusCode).toBe(200);
      expect((await health(a)).statusCode).toBe(429);
      expect((await health(b)).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
