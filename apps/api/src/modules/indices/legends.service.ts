import { toBilingual, type Bilingual, type LegendInput, type LegendUpdateInput } from '@filaha/shared';
import type { AuthedCtx, Ctx } from '../../context.ts';
import { conflict, NotFoundError, unknownReference, ValidationError } from '../../core/errors.ts';
import { text } from '../../i18n/texts.ts';
import { toLegend } from './indices.presenter.ts';
import type { IndexLegend as Legend } from '@filaha/shared/contracts';
import type { LegendOutcome, LegendsRepository, LegendValues } from './legends.repository.ts';

/** descriptionLeg (plain text for both languages, or {ar, fr} / its JSON), then the explicit per-language fields. */
function descriptions(input: LegendUpdateInput, fallback: Bilingual): Bilingual {
  const base = input.descriptionLeg === undefined ? fallback : toBilingual(input.descriptionLeg);
  return { fr: input.descriptionLegFr ?? base.fr, ar: input.descriptionLegAr ?? base.ar };
}

/** Legend intervals [start, end) of an index: start < end, no overlap within the index, rgb colour. */
export function createLegendsService(repo: LegendsRepository) {
  function settle(outcome: LegendOutcome, lang: Ctx['lang']): Legend {
    if (outcome.ok) return toLegend(outcome.legend, lang);
    if (outcome.reason === 'overlap') throw conflict('legend_overlap', 'intervalDeb');
    if (outcome.reason === 'missing_index') throw unknownReference('indiceId');
    throw new NotFoundError();
  }

  return {
    async list({ ctx, indexId }: { ctx: Ctx; indexId?: number }): Promise<Legend[]> {
      return (await repo.list(indexId)).map((l) => toLegend(l, ctx.lang));
    },

    async create({ ctx, input }: { ctx: AuthedCtx; input: LegendInput }): Promise<Legend> {
      const description = descriptions(input, { ar: '', fr: '' });
      const values: LegendValues = {
        indexId: input.indiceId,
        intervalStart: input.intervalDeb,
        intervalEnd: input.intervalFin,
        color: input.color,
        descriptionFr: description.fr,
        descriptionAr: description.ar,
      };
      return settle(await repo.create(values), ctx.lang);
    },

    /** Any subset of the fields; the merged legend is checked with the same rules as a new one. */
    async update({ ctx, id, input }: { ctx: AuthedCtx; id: number; input: LegendUpdateInput }): Promise<Legend> {
      const current = await repo.findById(id);
      if (!current) throw new NotFoundError();
      const description = descriptions(input, { ar: current.descriptionAr, fr: current.descriptionFr });
      const values: LegendValues = {
        indexId: input.indiceId ?? current.indexId,
        intervalStart: input.intervalDeb ?? current.intervalStart,
        intervalEnd: input.intervalFin ?? current.intervalEnd,
        color: input.color ?? current.color,
        descriptionFr: description.fr,
        descriptionAr: description.ar,
      };
      if (values.intervalStart >= values.intervalEnd)
        throw ValidationError.field('intervalFin', 'validation.intervalOrder');
      return settle(await repo.update(id, current.indexId, values), ctx.lang);
    },

    async remove({ ctx, id }: { ctx: AuthedCtx; id: number }): Promise<{ message: string }> {
      if (!(await repo.remove(id))) throw new NotFoundError();
      return { message: text('legendDeleted', ctx.lang) };
    },
  };
}

export type LegendsService = ReturnType<typeof createLegendsService>;
