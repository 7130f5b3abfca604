import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** The server URL with the new database's name in its path. */
  url: string;
  name: string;
  /** Drops the database, ending whatever connections are left (WITH FORCE). */
  drop(): Promise<void>;
}

/**
 * An empty database of its own on the server of `serverUrl`, named `<prefix>_<pid>_<random>`, for tests that
 * start real API processes (which migrate it themselves): nothing they do can meet another test's data. The
 * caller drops it; a run killed before that leaves one behind, which the name tells apart.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  if (!/^[a-z][a-z0-9_]{0,30}$/.test(prefix)) throw new Error(`invalid database name prefix ${prefix}`);
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
