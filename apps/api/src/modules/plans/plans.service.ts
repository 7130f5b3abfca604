import { toBilingual, type PlanInput } from '@filaha/shared';
import type { AuthedCtx, Ctx } from '../../context.ts';
import { inUse, NotFoundError } from '../../core/errors.ts';
import { assertNameFree, editedPlanNames, newPlanNames } from '../../core/plans.ts';
import { text } from '../../i18n/texts.ts';
import { toPlan, toPlanDetails } from './plans.presenter.ts';
import type { PlansRepository } from './plans.repository.ts';
import type { Plan, PlanDetails } from '@filaha/shared/contracts';

/** Plans (SPEC "Abonnement"). Reads are public (the offers page); writes are the admin's (route guard). */
export function createPlansService(plans: PlansRepository) {
  return {
    async list({ ctx }: { ctx: Ctx }): Promise<Plan[]> {
      return (await plans.list()).map((p) => toPlan(p, ctx.lang));
    },

    async details({ ctx }: { ctx: Ctx }): Promise<PlanDetails[]> {
      return (await plans.details()).map((p) => toPlanDetails(p, ctx.lang));
    },

    async create({ ctx, input }: { ctx: AuthedCtx; input: PlanInput }): Promise<Plan> {
      // A single description (plain text or JSON {ar, fr}) fills both languages; explicit ones win.
      const description = input.description === undefined ? { ar: '', fr: '' } : toBilingual(input.description);
      const created = await plans.create({
        ...newPlanNames(input),
        prices: input.prices,
        descriptionFr: input.descriptionFr ?? description.fr,
        descriptionAr: input.descriptionAr ?? description.ar,
      });
      assertNameFree(created);
      return toPlan(created, ctx.lang);
    },

    /** PUT: the same fields as create; an absent Arabic text or description is left as it is. */
    async update({ ctx, id, input }: { ctx: AuthedCtx; id: number; input: PlanInput }): Promise<Plan> {
      const description = input.description === undefined ? undefined : toBilingual(input.description);
      const descriptionFr = input.descriptionFr ?? description?.fr;
      const descriptionAr = input.descriptionAr ?? description?.ar;
      const updated = await plans.update(id, {
        ...editedPlanNames(input),
        prices: input.prices,
        ...(descriptionFr === undefined ? {} : { descriptionFr }),
        ...(descriptionAr === undefined ? {} : { descriptionAr }),
      });
      if (updated === 'not_found') throw new NotFoundError();
      assertNameFree(updated);
      return toPlan(updated, ctx.lang);
    },

    async remove({ ctx, id }: { ctx: AuthedCtx; id: number }): Promise<{ message: string }> {
      const outcome = await plans.remove(id);
      if (outcome === 'not_found') throw new NotFoundError();
      if (outcome === 'in_use') throw inUse('subscribed');
      return { message: text('planDeleted', ctx.lang) };
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
