import { sql, type Db } from '@filaha/db';

/** The used nonces of stream tickets (`stream_ticket_uses`): one use per ticket, whichever process redeems it. */
export function createStreamTicketsRepository(db: Db) {
  return {
    /** Records the nonce; true only for the first use (the insert of any other process fails on the key). */
    async claimNonce(nonce: string, keepUntil: string): Promise<boolean> {
      const { rows } = await db.execute<{ nonce: string }>(
        sql`INSERT INTO stream_ticket_uses (nonce, expires_at) VALUES (${nonce}, ${keepUntil})
            ON CONFLICT (nonce) DO NOTHING RETURNING nonce`,
      );
      return rows.length === 1;
    },

    /** Deletes the nonces kept past their time; returns how many. */
    async sweepExpired(): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(
        sql`WITH gone AS (DELETE FROM stream_ticket_uses WHERE expires_at < now() RETURNING 1)
            SELECT count(*)::int AS n FROM gone`,
      );
      return rows[0]?.n ?? 0;
    },
  };
}
