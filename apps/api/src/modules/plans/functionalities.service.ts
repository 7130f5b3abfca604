import type { AssignFunctionalityInput, AssignSellerFunctionalityInput, FunctionalityInput } from '@filaha/shared';
import type { AuthedCtx } from '../../context.ts';
import { conflict, NotFoundError, unknownReference } from '../../core/errors.ts';
import { domainText } from '../../core/texts.ts';
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
  async function settle(outcome: LinkOutcome, functionalityId: number, link: Link, ctx: AuthedCtx) {
    if (outcome === 'duplicate') throw conflict('already_assigned', 'fonctionnalityId');
    if (outcome === 'missing') {
      const missing = await repo.missing(functionalityId, { kind: link.kind, id: link.planId });
      throw unknownReference(missing.functionality ? 'fonctionnalityId' : link.planField);
    }
    return { message: domainText('functionalityAssigned', ctx.lang) };
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

    async assignToPlan({ ctx, input }: { ctx: AuthedCtx; input: AssignFunctionalityInput }) {
      const outcome = await repo.assignToPlan(input.abonnementId, input.fonctionnalityId);
      return settle(
        outcome,
        input.fonctionnalityId,
        { kind: 'farmer', planId: input.abonnementId, planField: 'abonnementId' },
        ctx,
      );
    },

    async assignToSellerPlan({ ctx, input }: { ctx: AuthedCtx; input: AssignSellerFunctionalityInput }) {
      const outcome = await repo.assignToSellerPlan(input.sellerabonnementid, input.fonctionnalityId);
      return settle(
        outcome,
        input.fonctionnalityId,
        { kind: 'seller', planId: input.sellerabonnementid, planField: 'sellerabonnementid' },
        ctx,
      );
    },
  };
}

export type FunctionalitiesService = ReturnType<typeof createFunctionalitiesService>;
