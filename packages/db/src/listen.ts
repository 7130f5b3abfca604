import pg from 'pg';
import type { Database } from './client.ts';

/** pino-style logger subset (Fastify's `app.log` fits). */
export interface ListenerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface PostgresListenerOptions {
  /** A plain lower-case identifier: [a-z_][a-z0-9_]*. */
  channel: string;
  /** Each NOTIFY payload on the channel, in the order the server delivers them. */
  onNotification: (payload: string) => void;
  /**
   * Called each time LISTEN is active on a new connection; `reconnected` is true after a lost connection, when
   * notifications sent in between were missed.
   */
  onListening?: (info: { reconnected: boolean }) => void;
  log?: ListenerLog;
  /** First retry delay after a failure (doubles up to `maxDelayMs`, with jitter). */
  minDelayMs?: number;
  maxDelayMs?: number;
}

export interface PostgresListener {
  /** Settles after the first connection attempt, successful or not (later attempts go on in the background). */
  readonly ready: Promise<void>;
  /** Whether LISTEN is active right now. */
  readonly listening: boolean;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** Sends a notification through the database's pool (never the listening connection). */
export async function notify(database: Database, channel: string, payload: string): Promise<void> {
  const pool = postgresPool(database);
  if (!pool) throw new Error('notify: not a PostgreSQL server database');
  await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
}

/** The pg Pool behind a server database (drizzle's node-postgres `$client`); undefined for PGlite. */
function postgresPool(database: Database): pg.Pool | undefined {
  if (database.kind !== 'postgres') return undefined;
  const client = (database.db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * LISTENs on `channel` over ONE dedicated connection, opened with the pool's settings but outside the pool (a
 * pooled connection would be handed to queries and lose its LISTEN). A lost connection is logged and replaced,
 * with a growing delay between attempts (0.5 s … 30 s), for as long as the listener is open. The connection's
 * application_name is `filaha-listen` (pg_stat_activity). Undefined for
 * PGlite, where the only process is the one holding the data folder.
 */
export function listenOnPostgres(database: Database, options: PostgresListenerOptions): PostgresListener | undefined {
  const pool = postgresPool(database);
  if (!pool) return undefined;
  if (!CHANNEL.test(options.channel)) throw new Error(`listen: invalid channel name ${options.channel}`);
  const { channel, onNotification, onListening, log } = options;
  const minDelay = options.minDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 30_000;

  let current: pg.Client | undefined;
  let closed = false;
  let everConnected = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client, error?: Error) => {
    if (current !== client) return;
    current = undefined;
    client.end().catch(() => undefined);
    if (closed) return;
    log?.warn({ channel, err: error?.message }, 'LISTEN connection lost; reconnecting');
    schedule();
  };

  const schedule = () => {
    if (closed) return;
    const base = Math.min(maxDelay, minDelay * 2 ** failures);
    const delay = Math.round(base / 2 + Math.random() * (base / 2));
    failures += 1;
    timer = setTimeout(() => void connect(), delay);
    timer.unref();
  };

  const connect = async (): Promise<void> => {
    timer = undefined;
    if (closed) return;
    // keepAlive: a connection silently dropped by the network is noticed instead of waiting forever.
    const client = new pg.Client({
      ...pool.options,
      application_name: 'filaha-listen',
      // A server that does not answer must not hold the first attempt (and the app's start) forever.
      connectionTimeoutMillis: pool.options.connectionTimeoutMillis || 10_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onNotification(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      log?.warn(
        { channel, err: (error as Error).message, attempt: failures + 1 },
        'LISTEN connection failed; retrying',
      );
      schedule();
      return;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    failures = 0;
    const reconnected = everConnected;
    everConnected = true;
    log?.info({ channel, reconnected }, 'LISTEN connection established');
    onListening?.({ reconnected });
  };

  const ready = connect();
  return {
    ready,
    get listening() {
      return current !== undefined;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await ready;
      const client = current;
      current = undefined;
      if (client) {
        client.removeAllListeners('notification');
        await client.end().catch(() => undefined);
      }
    },
  };
}
