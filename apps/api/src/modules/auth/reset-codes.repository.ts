import { and, desc, eq, isNull, lt, passwordResetCodes as codes, sql, users, type Db } from '@filaha/db';

export interface ResetCodeRecord {
  id: number;
  codeHash: string;
  expiresAt: Date;
  attempts: number;
}

export function createResetCodesRepository(db: Db) {
  return {
    /** Issues a new code and invalidates every earlier unused one, so only the latest e-mail works. */
    async replace(userId: number, codeHash: string, expiresAt: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(codes)
          .set({ usedAt: sql`now()` })
          .where(and(eq(codes.userId, userId), isNull(codes.usedAt)));
        await tx.insert(codes).values({ userId, codeHash, expiresAt });
      });
    },

    async findActive(userId: number): Promise<ResetCodeRecord | undefined> {
      const [row] = await db
        .select({ id: codes.id, codeHash: codes.codeHash, expiresAt: codes.expiresAt, attempts: codes.attempts })
        .from(codes)
        .where(and(eq(codes.userId, userId), isNull(codes.usedAt)))
        .orderBy(desc(codes.id))
        .limit(1);
      return row;
    },

    /**
     * Takes one attempt atomically, so parallel guesses cannot all see the same count; returns the attempt
     * number, or undefined when the code is already locked or used.
     */
    async takeAttempt(codeId: number, maxAttempts: number): Promise<number | undefined> {
      const [row] = await db
        .update(codes)
        .set({ attempts: sql`${codes.attempts} + 1` })
        .where(and(eq(codes.id, codeId), isNull(codes.usedAt), lt(codes.attempts, maxAttempts)))
        .returning({ attempts: codes.attempts });
      return row?.attempts;
    },

    /** Marks the code used and sets the password together; false if another request used it first. */
    async redeem(codeId: number, userId: number, passwordHash: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(codes)
          .set({ usedAt: sql`now()` })
          .where(and(eq(codes.id, codeId), isNull(codes.usedAt)))
          .returning({ id: codes.id });
        if (used.length === 0) return false;
        // A new token version revokes every token issued so far (plugins/auth.ts).
        await tx
          .update(users)
          .set({ passwordHash, tokensValidAfter: new Date(), tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(eq(users.id, userId));
        return true;
      });
    },
  };
}

export type ResetCodesRepository = ReturnType<typeof createResetCodesRepository>;
