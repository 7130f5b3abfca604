import type { PlanIndexInput, PlanIndexUpdateInput } from '@filaha/shared';
import type { AuthedCtx } from '../../context.ts';
import { conflict, NotFoundError, unknownReference, ValidationError } from '../../core/errors.ts';
import { text } from '../../i18n/texts.ts';
import type { AssignmentsRepository } from './assignments.repository.ts';
import { toAssignment } from './indices.presenter.ts';
import type { PlanIndexAssignment as Assignment } from '@filaha/shared/contracts';

type Key = { planId: number; indexId: number };

/** Plan ↔ index assignments with their request counts (admin writes; reads are public like the offers). */
export function createAssignmentsService(repo: AssignmentsRepository) {
  async function present({ planId, indexId }: Key): Promise<Assignment> {
    const row = await repo.find(planId, indexId);
    if (!row) throw new NotFoundError();
    return toAssignment(row);
  }

  return {
    async list(): Promise<Assignment[]> {
      return (await repo.list()).map(toAssignment);
    },

    async create({ input }: { ctx: AuthedCtx; input: PlanIndexInput }): Promise<Assignment> {
      const key = { planId: input.AbonnementId, indexId: input.IndiceId };
      const outcome = await repo.create(key.planId, key.indexId, input.nombre_de_requete);
      if (outcome === 'duplicate') throw conflict('assignment_exists', 'IndiceId');
      if (outcome === 'missing') {
        const missing = await repo.missing(key.planId, key.indexId);
        throw unknownReference(missing.plan ? 'AbonnementId' : 'IndiceId');
      }
      return present(key);
    },

    /** The SPEC's client repeats both ids in the body; when sent they must name the same assignment. */
    async update({ key, input }: { ctx: AuthedCtx; key: Key; input: PlanIndexUpdateInput }): Promise<Assignment> {
      if (input.AbonnementId !== undefined && input.AbonnementId !== key.planId) {
        throw ValidationError.field('AbonnementId', 'validation.pathMismatch');
      }
      if (input.IndiceId !== undefined && input.IndiceId !== key.indexId) {
        throw ValidationError.field('IndiceId', 'validation.pathMismatch');
      }
      if (!(await repo.update(key.planId, key.indexId, input.nombre_de_requete))) throw new NotFoundError();
      return present(key);
    },

    async remove({ ctx, key }: { ctx: AuthedCtx; key: Key }): Promise<{ message: string }> {
      if (!(await repo.remove(key.planId, key.indexId))) throw new NotFoundError();
      return { message: text('assignmentDeleted', ctx.lang) };
    },
  };
}

export type AssignmentsService = ReturnType<typeof createAssignmentsService>;
