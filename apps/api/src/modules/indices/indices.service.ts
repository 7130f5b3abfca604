import {
  indexCodeFromName,
  toBilingual,
  toRecommendations,
  type IndexInput,
  type IndexUpdateInput,
} from '@filaha/shared';
import { defaultLegendRows } from '@filaha/db';
import { findIndex } from '@filaha/imagery';
import type { AuthedCtx, Ctx } from '../../context.ts';
import { AppError, conflict, inUse, NotFoundError, ValidationError } from '../../core/errors.ts';
import { requireAccess } from '../../core/access.ts';
import type { ParcelsOfUser } from '../parcels/public.ts';
import { text } from '../../i18n/texts.ts';
import type { IndexValues, IndicesRepository, WriteOutcome } from './indices.repository.ts';
import { descriptionText, toIndex, toLegend } from './indices.presenter.ts';
import type { IndexConfig, IndexDetails as Index } from '@filaha/shared/contracts';

const CODE_PATTERN = /^[A-Z0-9_]{2,16}$/;

/** The index's code is not one the imagery engine computes: a plan could sell it, and every request would fail. */
function notComputable(): ValidationError {
  return new ValidationError([
    { path: 'code', code: 'index_not_computable', message: 'validation.indexNotComputable' },
  ]);
}

/**
 * The engine code: the one given, or the name without 'Indice', spaces and case ('Indice NDVI' → 'NDVI'),
 * refused unless the imagery engine computes that index; stored as the engine spells it ('MSAVI2' → 'MSAVI').
 */
function codeOf(input: { code?: string | undefined; indiceName: string }): string {
  const code = (input.code ?? indexCodeFromName(input.indiceName)).toUpperCase();
  if (!CODE_PATTERN.test(code)) throw ValidationError.field('code', 'validation.indexCode');
  const engine = findIndex(code);
  if (!engine) throw notComputable();
  return engine.code;
}

/** Vegetation indices (admin CRUD; reads are public) and the farmer's index-map configuration (SPEC §3). */
export function createIndicesService(repo: IndicesRepository, parcelsOf: ParcelsOfUser) {
  function settle(outcome: WriteOutcome) {
    if (outcome.ok) return outcome.index;
    if (outcome.reason === 'not_found') throw new NotFoundError();
    throw conflict('duplicate', outcome.field);
  }

  async function present(id: number, lang: Ctx['lang']): Promise<Index> {
    const index = await repo.findById(id);
    if (!index) throw new NotFoundError();
    return toIndex(index, lang);
  }

  return {
    async list({ ctx }: { ctx: Ctx }): Promise<Index[]> {
      return (await repo.list()).map((i) => toIndex(i, ctx.lang));
    },

    async get({ ctx, id }: { ctx: Ctx; id: number }): Promise<Index> {
      return present(id, ctx.lang);
    },

    async create({ ctx, input }: { ctx: AuthedCtx; input: IndexInput }): Promise<Index> {
      const values: IndexValues = {
        code: codeOf(input),
        name: input.indiceName,
        description: toBilingual(input.description),
        recommendations: toRecommendations(input.recomndation),
      };
      // The farmer's legend is never empty: the engine's default for the code, editable afterwards.
      const created = settle(await repo.create(values, defaultLegendRows(values.code)));
      return present(created.id, ctx.lang);
    },

    /** A renamed index keeps its code unless a new one is sent: the code links it to the imagery engine. */
    async update({ ctx, id, input }: { ctx: AuthedCtx; id: number; input: IndexUpdateInput }): Promise<Index> {
      const patch: Partial<IndexValues> = {};
      if (input.indiceName !== undefined) patch.name = input.indiceName;
      if (input.code !== undefined) patch.code = codeOf({ code: input.code, indiceName: '' });
      else {
        // An index stored before this check with a code the engine does not know is only saved with a valid code.
        const current = await repo.findById(id);
        if (!current) throw new NotFoundError();
        if (!findIndex(current.code)) throw notComputable();
      }
      if (input.description !== undefined) patch.description = toBilingual(input.description);
      if (input.recomndation !== undefined) patch.recommendations = toRecommendations(input.recomndation);
      if (Object.keys(patch).length === 0) return present(id, ctx.lang);
      // Another engine code on an index without legend rows brings that code's default legend.
      settle(await repo.update(id, patch, defaultLegendRows));
      return present(id, ctx.lang);
    },

    async remove({ ctx, id }: { ctx: AuthedCtx; id: number }): Promise<{ message: string }> {
      const outcome = await repo.remove(id);
      if (outcome === 'not_found') throw new NotFoundError();
      if (outcome === 'assigned' || outcome === 'used') throw inUse(outcome);
      return { message: text('indexDeleted', ctx.lang) };
    },

    /**
     * The index-map configuration of a farmer: the indices of their active subscription's plan with legends
     * and the farmer's parcels. No subscription → SUBSCRIPTION_REQUIRED; none active → SUBSCRIPTION_INACTIVE.
     */
    async config({ ctx, userId }: { ctx: AuthedCtx; userId: number }): Promise<IndexConfig[]> {
      requireAccess(ctx, 'farmConfig', 'read', { ownerId: userId });
      const subscriptions = await repo.subscriptionsOf(userId);
      if (subscriptions.length === 0) throw new AppError('SUBSCRIPTION_REQUIRED');
      const active = subscriptions.find((s) => s.state === 'actif');
      if (!active) throw new AppError('SUBSCRIPTION_INACTIVE');
      const [planIndices, parcelles, usage] = await Promise.all([
        repo.ofPlan(active.planId),
        parcelsOf(userId),
        repo.usageOf(active.id),
      ]);
      return planIndices.map((index) => {
        const quota = usage.get(index.id);
        return {
          indiceId: index.id,
          indiceName: index.name,
          code: index.code,
          description: descriptionText(index.description),
          recomndation: index.recommendations,
          legende: index.legends.map((l) => toLegend(l, ctx.lang)),
          parcelles,
          nbreq_total: quota ? quota.total : null,
          nbreq_restante: quota ? quota.total - quota.used : null,
          abonnementUserId: active.id,
        };
      });
    },
  };
}

export type IndicesService = ReturnType<typeof createIndicesService>;
