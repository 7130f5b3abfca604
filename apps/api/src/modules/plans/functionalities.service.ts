import type { AssignFunctionalityInput, AssignSellerFunctionalityInput, FunctionalityInput } from '@filaha/shared';
import type { AuthedCtx } from '../../context.ts';
import { conflict, NotFoundError, unknownReference } from '../../core/errors.ts';
import { text } from '../../i18n/texts.ts';
import type { FunctionalitiesRepository, FunctionalityRecord, LinkOutcome } from './functionalities.repository.ts';
import type { Functionality } from '@filaha/shared/contracts';

const toFunctionality = ({ id, name, nameAr, psudo }: FunctionalityRecord): Functionality => ({
  id,
  name,
  nameAr,
  psudo,
});

type Link = { kind: 'farmer' | 'seller'; planId: number; planField: string };

/** Functionalities (SPEC "Fonctionnality") and their assignment to farmer and seller plans. */
export function createFunctionalitiesService(repo: FunctionalitiesRepository) {
  /** Links the functionality to the plan: 409 when linked already, 400 naming the reference that is unknown. */
  async function assign(ctx: AuthedCtx, functionalityId: number, link: Link) {
    const outcome: LinkOutcome =
      link.kind === 'farmer'
        ? await repo.assignToPlan(link.planId, functionalityId)
        : await repo.assignToSellerPlan(link.planId, functionalityId);
    if (outcome === 'duplicate') throw conflict('already_assigned', 'fonctionnalityId');
    if (outcome === 'missing') {
      const missing = await repo.missing(functionalityId, { kind: link.kind, id: link.planId });
      throw unknownReference(missing.functionality ? 'fonctionnalityId' : link.planField);
    }
    return { message: text('functionalityAssigned', ctx.lang) };
  }

  return {
    async list(): Promise<Functionality[]> {
      return (await repo.list()).map(toFunctionality);
    },

    async create({ input }: { input: FunctionalityInput }): Promise<Functionality> {
      const created = await repo.create({ name: input.name, nameAr: input.nameAr ?? '', psudo: input.psudo });
      if (created === 'duplicate') throw conflict('duplicate', 'name');
      if (created === 'duplicate_ar') throw conflict('duplicate', 'nameAr');
      return toFunctionality(created);
    },

    /** PUT: name and psudo replaced; an absent Arabic name is left as it is. */
    async update({ id, input }: { id: number; input: FunctionalityInput }): Promise<Functionality> {
      const updated = await repo.update(id, {
        name: input.name,
        psudo: input.psudo,
        ...(input.nameAr === undefined ? {} : { nameAr: input.nameAr }),
      });
      if (updated === 'not_found') throw new NotFoundError();
      if (updated === 'duplicate') throw conflict('duplicate', 'name');
      if (updated === 'duplicate_ar') throw conflict('duplicate', 'nameAr');
      return toFunctionality(updated);
    },

    assignToPlan: ({ ctx, input }: { ctx: AuthedCtx; input: AssignFunctionalityInput }) =>
      assign(ctx, input.fonctionnalityId, { kind: 'farmer', planId: input.abonnementId, planField: 'abonnementId' }),

    assignToSellerPlan: ({ ctx, input }: { ctx: AuthedCtx; input: AssignSellerFunctionalityInput }) =>
      assign(ctx, input.fonctionnalityId, {
        kind: 'seller',
        planId: input.sellerabonnementid,
        planField: 'sellerabonnementid',
      }),
  };
}

export type FunctionalitiesService = ReturnType<typeof createFunctionalitiesService>;
