import { afterAll, describe, expect, it } from 'vitest';
import { afterCommit, inAmbientScope, inAmbientTransaction } from './ambient.ts';
import { sql } from 'drizzle-orm';
import { getTestDb } from './testing/index.ts';

// Runs on the embedded PGlite, and on PostgreSQL with DATABASE_URL set.
describe('ambient transactions (a keyed request: plugins/idempotency.ts)', () => {
  const table = `ambient_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const count = async () => {
    const { db } = await getTestDb();
    const { rows } = await db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
    return rows[0]?.n;
  };
  afterAll(async () => {
    const { db } = await getTestDb();
    await db.execute(sql.raw(`DROP TABLE IF EXISTS ${table}`));
  });

  it('joins every call of the scope, commits together, and runs afterCommit work after the commit', async () => {
    const { db } = await getTestDb();
    await db.execute(sql.raw(`CREATE TABLE ${table} (x int)`));
    const seen: Array<number | undefined> = [];
    await inAmbientTransaction(db, async () => {
      expect(inAmbientScope()).toBe(true);
      await db.execute(sql.raw(`INSERT INTO ${table} VALUES (1)`));
      // A repository's own transaction is a savepoint of the ambient one.
      await db.transaction(async (tx) => tx.execute(sql.raw(`INSERT INTO ${table} VALUES (2)`)));
      await afterCommit(async () => {
        seen.push(await count());
      });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([2]);
    expect(inAmbientScope()).toBe(false);
  });

  it('a throw rolls back every call of the scope and drops its afterCommit work', async () => {
    const { db } = await getTestDb();
    const before = await count();
    let ran = false;
    await expect(
      inAmbientTransaction(db, async () => {
        await db.execute(sql.raw(`INSERT INTO ${table} VALUES (3)`));
        await db.transaction(async (tx) => tx.execute(sql.raw(`INSERT INTO ${table} VALUES (4)`)));
        await afterCommit(async () => {
          ran = true;
        });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await count()).toBe(before);
    expect(ran).toBe(false);
  });

  it('outside a scope, afterCommit work runs at once', async () => {
    let ran = false;
    await afterCommit(async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });
});
