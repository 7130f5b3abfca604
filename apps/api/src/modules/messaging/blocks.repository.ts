import { and, desc, eq, roles, userBlocks, users, type Db } from '@filaha/db';

export function createBlocksRepository(db: Db) {
  return {
    /** Idempotent: blocking twice keeps the first date. Answers whether a row was added. */
    async block(blockerId: number, blockedId: number): Promise<boolean> {
      const added = await db
        .insert(userBlocks)
        .values({ blockerId, blockedId })
        .onConflictDoNothing()
        .returning({ blockedId: userBlocks.blockedId });
      return added.length > 0;
    },

    async unblock(blockerId: number, blockedId: number): Promise<boolean> {
      const removed = await db
        .delete(userBlocks)
        .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
        .returning({ blockedId: userBlocks.blockedId });
      return removed.length > 0;
    },

    list(blockerId: number) {
      return db
        .select({
          userId: users.id,
          userName: users.userName,
          roleName: roles.name,
          createdAt: userBlocks.createdAt,
        })
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.blockedId))
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(userBlocks.blockerId, blockerId))
        .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId));
    },
  };
}

export type BlocksRepository = ReturnType<typeof createBlocksRepository>;
