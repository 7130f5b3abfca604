import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** The server behind DATABASE_URL cannot be reached, or refuses this connection for good. */
export class DatabaseUnreachableError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'DatabaseUnreachableError';
  }
}

/** The database has no PostGIS and the migrations could not create it. */
export class PostgisMissingError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'PostgisMissingError';
  }
}

/** host:port of a postgres URL, never its credentials. */
export function databaseAddress(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'the configured server';
  }
}

/** Server answers that may clear up by themselves: starting up / shutting down, too many connections. */
const TRANSIENT_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  // Network errors (ECONNREFUSED, ENOTFOUND while a container's DNS comes up, ETIMEDOUT…) and pg's own
  // connection timeout, which has no code, are worth retrying; an SQLSTATE answer from the server is not,
  // except the few above (a wrong password or an unknown database will not fix itself).
  if (typeof code !== 'string') return true;
  if (/^[0-9A-Z]{5}$/.test(code)) return TRANSIENT_SQLSTATES.has(code);
  return true;
}

function reasonOf(error: unknown): string {
  const message = (error as Error | undefined)?.message || String(error);
  return message.replaceAll(/\s+/g, ' ').trim();
}

export interface WaitOptions {
  /** Give up after this long; 0 tries once. */
  timeoutMs: number;
  /** Called once, on the first failure that will be retried, with a one-line reason. */
  onRetry?: (reason: string) => void;
  /** Between attempts (default 1 s). */
  intervalMs?: number;
}

/**
 * Connects to DATABASE_URL once and runs `SELECT 1`, retrying network-level failures until `timeoutMs`
 * has passed (a database container often comes up after the API). Throws DatabaseUnreachableError with
 * a one-line, credential-free message naming DATABASE_URL.
 */
export async function waitForPostgres(databaseUrl: string, options: WaitOptions): Promise<void> {
  const address = databaseAddress(databaseUrl);
  const deadline = Date.now() + options.timeoutMs;
  const seconds = Math.round(options.timeoutMs / 1000);
  let announced = false;
  for (;;) {
    const remaining = deadline - Date.now();
    const client = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: Math.max(1000, Math.min(5000, remaining)),
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (!isTransient(error)) {
        throw new DatabaseUnreachableError(
          `DATABASE_URL: the server at ${address} refused the connection (${reasonOf(error)})`,
          error,
        );
      }
      if (Date.now() + (options.intervalMs ?? 1000) >= deadline) {
        const waited = options.timeoutMs > 0 ? ` within ${seconds} s (DATABASE_WAIT)` : '';
        throw new DatabaseUnreachableError(
          `DATABASE_URL: cannot reach the database at ${address}${waited} (${reasonOf(error)})`,
          error,
        );
      }
      if (!announced) {
        announced = true;
        options.onRetry?.(
          `DATABASE_URL: cannot reach the database at ${address} (${reasonOf(error)}); ` +
            `retrying for up to ${seconds} s (DATABASE_WAIT)`,
        );
      }
    } finally {
      await client.end().catch(() => undefined);
    }
    await sleep(options.intervalMs ?? 1000);
  }
}

/**
 * After a failed migration: if PostGIS is what is missing, say so (the first migration creates it, which
 * needs it installed on the server and, as it is not a trusted extension, a superuser).
 */
export async function postgisProblem(
  rows: <T extends Record<string, unknown>>(text: string) => Promise<T[]>,
  cause: unknown,
): Promise<PostgisMissingError | undefined> {
  let state: { installed: boolean; available: boolean } | undefined;
  try {
    [state] = await rows<{ installed: boolean; available: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'postgis') AS installed,
              EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'postgis') AS available`,
    );
  } catch {
    return undefined;
  }
  if (!state || state.installed) return undefined;
  const reason = reasonOf((cause as { cause?: unknown }).cause ?? cause);
  return new PostgisMissingError(
    state.available
      ? `PostGIS: the extension is not created in the database named by DATABASE_URL and this user cannot create it (${reason}); run "CREATE EXTENSION postgis;" in that database as a superuser`
      : `PostGIS: the PostgreSQL server named by DATABASE_URL does not have the PostGIS extension installed (${reason}); install PostGIS 3 on the server (e.g. the postgis/postgis image)`,
    cause,
  );
}
