import { DEFAULT_MIN_VALID_FRACTION } from '@filaha/imagery';
import type { AuthedCtx } from '../../context.ts';
import { WordedError } from '../../core/errors.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import { downloadName, resultUrls } from '../images/public.ts';
import type { HistoryRepository, HistoryRow } from './history.repository.ts';
import type { HistoryItem, HistoryQuery } from '@filaha/shared/contracts';
import { requireAccess } from '../../core/access.ts';

/** History is long-lived; one page of the newest is plenty for the history screen. */
export const HISTORY_LIMIT = 200;

/** `minValidFraction`: the deployment's MIN_VALID_FRACTION, shown with every result. */
export function createHistoryService(
  repo: HistoryRepository,
  storage: ObjectStorage,
  minValidFraction: number = DEFAULT_MIN_VALID_FRACTION,
) {
  /** The query's userId is never trusted: it must be the caller, except for an Admin. */
  function ownerOf(ctx: AuthedCtx, query: HistoryQuery): number {
    const userId = query.userId ?? ctx.actor.id;
    requireAccess(ctx, 'imageHistory', 'read', { ownerId: userId });
    return userId;
  }

  function present(row: HistoryRow): HistoryItem {
    return {
      id: row.id,
      index: row.indexCode,
      // Fresh signed URLs on every read: the stored keys never leave the server.
      ...resultUrls(storage, row, downloadName(row.indexCode, row.parcelId, row.sceneDatetime)),
      dateDebut: row.startDate,
      dateFin: row.endDate,
      sceneId: row.sceneId,
      sceneDatetime: row.sceneDatetime.toISOString(),
      cloudFraction: row.cloudFraction,
      stats: row.stats,
      minValidFraction,
      bounds: row.bounds,
      createdAt: row.createdAt.toISOString(),
    };
  }

  return {
    async list({ ctx, query }: { ctx: AuthedCtx; query: HistoryQuery }): Promise<HistoryItem[]> {
      const rows = await repo.list(ownerOf(ctx, query), query.parcelleId, query.indiceId, HISTORY_LIMIT);
      return rows.map(present);
    },

    async latest({ ctx, query }: { ctx: AuthedCtx; query: HistoryQuery }): Promise<HistoryItem> {
      const [row] = await repo.list(ownerOf(ctx, query), query.parcelleId, query.indiceId, 1);
      if (!row) throw new WordedError('NOT_FOUND', 'noImageFound');
      return present(row);
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
