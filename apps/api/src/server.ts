import { createDb, seed, type Database, type SeedAccount } from '@filaha/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';

/** Forced exit if a graceful close hangs (an open connection that never ends). */
const CLOSE_TIMEOUT_MS = 10_000;

function displayUrl(config: Config, address: string): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const port = new URL(address).port || String(config.port);
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function accountsTable(accounts: SeedAccount[]): string {
  const rows = [['role', 'e-mail', 'password'], ...accounts.map((a) => [a.role, a.email, a.password])];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `  ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('   ')}`;
  return [line(rows[0] ?? []), line(widths.map((w) => '-'.repeat(w))), ...rows.slice(1).map(line)].join('\n');
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // createDb applies pending migrations before it returns.
  const database: Database = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let app: FastifyInstance | undefined;
  try {
    const seeded = await seed(database, { admin: config.admin, demo: config.demoData });
    app = await buildApp(config, { database });
    const address = await app.listen({ port: config.port, host: config.host });

    const url = displayUrl(config, address);
    console.log(`\nFilaha is running at ${url}  (API docs: ${url}/api/docs, database: ${database.kind})`);
    const demo = seeded.accounts.filter((a) => a.email !== config.admin?.email);
    if (config.demoData && demo.length > 0) console.log(`\nDemo accounts:\n${accountsTable(demo)}\n`);
  } catch (err) {
    await app?.close().catch(() => undefined);
    await database.close();
    throw err;
  }

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      // A second Ctrl-C means "now".
      process.exit(1);
    }
    closing = true;
    app?.log.info({ signal }, 'closing');
    const timer = setTimeout(() => {
      console.error('graceful close timed out');
      process.exit(1);
    }, CLOSE_TIMEOUT_MS);
    timer.unref();
    void (async () => {
      try {
        await app?.close();
        await database.close();
        process.exit(0);
      } catch (err) {
        console.error('error while closing', err);
        process.exit(1);
      }
    })();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
