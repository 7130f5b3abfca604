import { sql, type Db } from '@filaha/db';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/** A counter in a fixed window: `count` hits since the window began, `ttlMs` until it ends (0 when absent). */
export interface CounterState {
  count: number;
  ttlMs: number;
}

/**
 * Named counters with a fixed window each (the window starts at the first hit and the count restarts after it).
 * Backs the general /api limit, the per-route limits and the sign-in failure counters.
 */
export interface CounterStore {
  readonly kind: 'memory' | 'postgres';
  /** Adds one and returns the new state; starts a new window when the key is absent or its window has passed. */
  hit(key: string, windowMs: number): Promise<CounterState>;
  /** Takes one back (never below 0) from a live counter, e.g. an attempt that turned out not to count. */
  refund(key: string): Promise<void>;
  /** Sets the key to 1 with a window of `windowMs` from now (a marker that lasts while it is renewed). */
  mark(key: string, windowMs: number): Promise<void>;
  /** The live state of each key, in order (count 0 for an absent or expired key). */
  read(keys: string[]): Promise<CounterState[]>;
  /** Deletes expired counters; returns how many. */
  sweep(): Promise<number>;
}

const EMPTY: CounterState = { count: 0, ttlMs: 0 };

/**
 * One process's counters (the embedded PGlite default runs one process). Bounded: past `maxKeys` live keys the
 * oldest are dropped, so a flood of addresses cannot grow memory without end.
 */
export function memoryCounterStore({ maxKeys = 100_000, now = Date.now } = {}): CounterStore {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const put = (key: string, value: { count: number; expiresAt: number }) => {
    // Re-inserting moves the key to the end, so the first key is the least recently started window.
    entries.delete(key);
    entries.set(key, value);
    while (entries.size > maxKeys) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  };
  return {
    kind: 'memory',
    async hit(key, windowMs) {
      const entry = live(key);
      if (entry) {
        entry.count += 1;
        return { count: entry.count, ttlMs: entry.expiresAt - now() };
      }
      put(key, { count: 1, expiresAt: now() + windowMs });
      return { count: 1, ttlMs: windowMs };
    },
    async refund(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async mark(key, windowMs) {
      put(key, { count: 1, expiresAt: now() + windowMs });
    },
    async read(keys) {
      return keys.map((key) => {
        const entry = live(key);
        return entry ? { count: entry.count, ttlMs: entry.expiresAt - now() } : EMPTY;
      });
    },
    async sweep() {
      let removed = 0;
      const at = now();
      for (const [key, entry] of entries) {
        if (entry.expiresAt <= at) {
          entries.delete(key);
          removed += 1;
        }
      }
      return removed;
    },
  };
}

interface CounterRow extends Record<string, unknown> {
  key?: string;
  count: number;
  ttl_ms: number;
}

const ttlMs = sql`greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::bigint`;

/**
 * Counters in PostgreSQL (`rate_limit_counters`, an UNLOGGED table), shared by every API process on the same
 * database. One statement per hit: an upsert that restarts the window once it has passed, atomic under
 * concurrency (the row lock of ON CONFLICT DO UPDATE serialises hits on one key).
 */
export function databaseCounterStore(db: Db): CounterStore {
  return {
    kind: 'postgres',
    async hit(key, windowMs) {
      const { rows } = await db.execute<CounterRow>(sql`
        INSERT INTO rate_limit_counters AS c (key, count, expires_at)
        VALUES (${key}, 1, now() + make_interval(secs => ${Math.max(1, windowMs) / 1000}::float8))
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN c.expires_at <= now() THEN 1 ELSE c.count + 1 END,
          expires_at = CASE WHEN c.expires_at <= now() THEN excluded.expires_at ELSE c.expires_at END
        RETURNING count, ${ttlMs} AS ttl_ms`);
      const row = rows[0];
      if (!row) throw new Error('rate-limit counter upsert returned no row');
      return { count: Number(row.count), ttlMs: Number(row.ttl_ms) };
    },
    async refund(key) {
      await db.execute(sql`
        UPDATE rate_limit_counters SET count = count - 1
        WHERE key = ${key} AND count > 0 AND expires_at > now()`);
    },
    async mark(key, windowMs) {
      await db.execute(sql`
        INSERT INTO rate_limit_counters (key, count, expires_at)
        VALUES (${key}, 1, now() + make_interval(secs => ${Math.max(1, windowMs) / 1000}::float8))
        ON CONFLICT (key) DO UPDATE SET count = 1, expires_at = excluded.expires_at`);
    },
    async read(keys) {
      if (keys.length === 0) return [];
      const { rows } = await db.execute<CounterRow>(sql`
        SELECT key, count, ${ttlMs} AS ttl_ms FROM rate_limit_counters
        WHERE key IN (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )}) AND expires_at > now()`);
      const byKey = new Map(rows.map((r) => [r.key, { count: Number(r.count), ttlMs: Number(r.ttl_ms) }]));
      return keys.map((key) => byKey.get(key) ?? EMPTY);
    },
    async sweep() {
      const { rows } = await db.execute<{ n: number }>(sql`
        WITH gone AS (DELETE FROM rate_limit_counters WHERE expires_at <= now() RETURNING 1)
        SELECT count(*)::int AS n FROM gone`);
      return Number(rows[0]?.n ?? 0);
    },
  };
}

/** Keys under a prefix (tests give each app its own, so apps on one test database do not share counters). */
export function prefixedCounterStore(store: CounterStore, prefix: string): CounterStore {
  if (!prefix) return store;
  const k = (key: string) => `${prefix}${key}`;
  return {
    kind: store.kind,
    hit: (key, windowMs) => store.hit(k(key), windowMs),
    refund: (key) => store.refund(k(key)),
    mark: (key, windowMs) => store.mark(k(key), windowMs),
    read: (keys) => store.read(keys.map(k)),
    sweep: () => store.sweep(),
  };
}

/**
 * @fastify/rate-limit's store interface over a CounterStore. Every limiter shares one key space, so limiters
 * must use distinct keys: the general /api limit keys by address alone, the others by `<name>:` + something.
 * `continueExceeding` and `exponentialBackoff` are not supported (not used here).
 */
export function rateLimitStore(counters: CounterStore): FastifyRateLimitStoreCtor {
  class CounterRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counters.hit(key, timeWindow).then(
        (state) => callback(null, { current: state.count, ttl: state.ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void) {
      counters.read([key]).then(
        ([state = EMPTY]) => callback(null, { current: state.count, ttl: state.ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return CounterRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
