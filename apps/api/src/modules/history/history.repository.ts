import { and, desc, eq, getTableColumns, indexResults, indices, type Db } from '@filaha/db';

export type HistoryRow = typeof indexResults.$inferSelect & { indexCode: string };

export function createHistoryRepository(db: Db) {
  return {
    /** One user's results for a parcel and an index, newest first. */
    async list(userId: number, parcelId: number, indexId: number, limit: number): Promise<HistoryRow[]> {
      return db
        .select({ ...getTableColumns(indexResults), indexCode: indices.code })
        .from(indexResults)
        .innerJoin(indices, eq(indices.id, indexResults.indexId))
        .where(
          and(eq(indexResults.userId, userId), eq(indexResults.parcelId, parcelId), eq(indexResults.indexId, indexId)),
        )
        .orderBy(desc(indexResults.createdAt), desc(indexResults.id))
        .limit(limit);
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
