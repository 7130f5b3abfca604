import pg from 'pg';

/** Runs one statement on the server of `url` with a connection of its own (CREATE / DROP DATABASE of a scratch one). */
export async function pgAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
