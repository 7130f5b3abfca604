import type { NetworkFilter, SuggestionQuery, SuggestionReason } from '@filaha/shared';
import type { AuthedCtx } from '../../context.ts';
import { NotFoundError, ValidationError } from '../../core/errors.ts';
import type { NetworkRepository, SuggestionRow } from './network.repository.ts';
import type { Suggestion } from '@filaha/shared/contracts';
import { distancesFrom, neighboursOf } from './wilaya-geo.ts';

/**
 * Complementary groups, shown first within the same distance tier: a farmer looks for suppliers and buyers
 * (companies, investors); suppliers and companies look for farmers.
 */
export const COMPLEMENTARY: Record<NetworkFilter, NetworkFilter[]> = {
  Agriculteur: ['Fournisseur', 'Entreprise'],
  Fournisseur: ['Agriculteur'],
  Entreprise: ['Agriculteur'],
};

function reasonOf(row: SuggestionRow): SuggestionReason {
  if (Number(row.geo_tier) === 0) return 'same_wilaya';
  if (Number(row.geo_tier) === 1) return 'neighbouring_wilaya';
  return row.complementary ? 'complementary_role' : 'other';
}

function toSuggestion(row: SuggestionRow): Suggestion {
  return {
    id: row.id,
    userName: row.user_name,
    roleName: row.role_name,
    sellerRole:
      row.seller_role_id !== null && row.seller_role_fr !== null && row.seller_role_ar !== null
        ? { id: row.seller_role_id, roleName: row.seller_role_fr, roleNameAr: row.seller_role_ar }
        : null,
    wilaya:
      row.wilaya_id !== null && row.wilaya_fr !== null && row.wilaya_ar !== null
        ? { id: row.wilaya_id, fr: row.wilaya_fr, ar: row.wilaya_ar }
        : null,
    category: row.category,
    reason: reasonOf(row),
  };
}

/** The farmers' network page: suggestions from real accounts, and the durable "Remove". */
export function createNetworkService(repo: NetworkRepository) {
  return {
    async suggestions(ctx: AuthedCtx, query: SuggestionQuery): Promise<Suggestion[]> {
      const viewer = await repo.viewer(ctx.actor.id);
      if (!viewer) throw new NotFoundError();
      const rows = await repo.suggestions({
        me: ctx.actor.id,
        wilayaId: viewer.wilayaId,
        neighbours: viewer.wilayaId === null ? [] : neighboursOf(viewer.wilayaId),
        distances: distancesFrom(viewer.wilayaId),
        complementary: viewer.category ? COMPLEMENTARY[viewer.category] : [],
        filter: query.filter,
        limit: query.limit,
      });
      return rows.map(toSuggestion);
    },

    async hide(ctx: AuthedCtx, userId: number) {
      if (userId === ctx.actor.id) {
        throw new ValidationError([{ path: 'userId', code: 'self', message: 'validation.selfHide' }]);
      }
      if (!(await repo.userExists(userId))) throw new NotFoundError();
      return { created: await repo.hide(ctx.actor.id, userId), answer: { hidden: true } };
    },

    async unhide(ctx: AuthedCtx, userId: number) {
      await repo.unhide(ctx.actor.id, userId);
      return { hidden: false };
    },

    async hidden(ctx: AuthedCtx) {
      return (await repo.hidden(ctx.actor.id)).map((h) => ({ ...h, createdAt: h.createdAt.toISOString() }));
    },
  };
}

export type NetworkService = ReturnType<typeof createNetworkService>;
