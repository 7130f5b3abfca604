import type { SellerPlanInput, SellerSubscriptionInput } from '@filaha/shared';
import type { AuthedCtx, Ctx } from '../../context.ts';
import { conflict, NotFoundError } from '../../core/errors.ts';
import { assertNameFree, editedPlanNames, newPlanNames } from '../../core/plans.ts';
import { createSubscriptionCommands } from '../../core/subscriptions/commands.ts';
import {
  isActive,
  toSellerPlan,
  toSellerSubscription,
  toSellerSubscriptionWithUser,
} from './seller-plans.presenter.ts';
import type { SellerPlansRepository } from './seller-plans.repository.ts';
import type { CurrentSellerSubscription, SellerPlan, SellerSubscriptionWithUser } from '@filaha/shared/contracts';
import type { SellerSubscriptionRecord, SellerSubscriptionsRepository } from './seller-subscriptions.repository.ts';
import { text } from '../../i18n/texts.ts';

/**
 * Seller plans (catalogue) and seller subscriptions. Route guards fix the roles; this service decides the
 * rest: a subscription is always the caller's own, created 'actif' for one year, one active at a time.
 */
export function createSellerPlansService(plans: SellerPlansRepository, subscriptions: SellerSubscriptionsRepository) {
  const commands = createSubscriptionCommands({
    store: subscriptions,
    present: (record: SellerSubscriptionRecord) => toSellerSubscription(record),
    answerKey: 'sellerAbonnementUser',
    planField: 'sellerAbonnementId',
    textKeys: {
      created: 'sellerSubscriptionCreated',
      updated: 'sellerSubscriptionUpdated',
      deleted: 'sellerSubscriptionDeleted',
    },
  });

  return {
    async listPlans(): Promise<SellerPlan[]> {
      return (await plans.list()).map(toSellerPlan);
    },

    async createPlan({ input }: { ctx: AuthedCtx; input: SellerPlanInput }): Promise<SellerPlan> {
      const created = await plans.create({
        ...newPlanNames(input),
        price: input.price,
        postLimit: input.nbPost,
        priority: input.priority,
        description: input.description ?? '',
        descriptionAr: input.descriptionAr ?? '',
      });
      assertNameFree(created);
      return toSellerPlan(created);
    },

    /** PUT: the same fields as create; absent Arabic texts and description are left as they are. */
    async updatePlan({ id, input }: { ctx: AuthedCtx; id: number; input: SellerPlanInput }): Promise<SellerPlan> {
      const updated = await plans.update(id, {
        ...editedPlanNames(input),
        price: input.price,
        postLimit: input.nbPost,
        priority: input.priority,
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.descriptionAr === undefined ? {} : { descriptionAr: input.descriptionAr }),
      });
      if (updated === 'not_found') throw new NotFoundError();
      assertNameFree(updated);
      return toSellerPlan(updated);
    },

    async removePlan({ ctx, id }: { ctx: AuthedCtx; id: number }): Promise<{ message: string }> {
      const outcome = await plans.remove(id);
      if (outcome === 'not_found') throw new NotFoundError();
      if (outcome === 'in_use') throw conflict('in_use', 'id');
      return { message: text('sellerPlanDeleted', ctx.lang) };
    },

    /** The client's dates and state are ignored: the server decides them (SPEC §4). */
    subscribe: ({ ctx, input }: { ctx: AuthedCtx; input: SellerSubscriptionInput }) =>
      commands.subscribe(ctx, input.sellerAbonnementId),

    async current({ ctx }: { ctx: AuthedCtx }): Promise<CurrentSellerSubscription> {
      const record = await subscriptions.currentOf(ctx.actor.id);
      if (!record) return { hasActiveSubscription: false, data: null };
      return { hasActiveSubscription: isActive(record), data: toSellerSubscription(record) };
    },

    async listAll(_: { ctx: Ctx }): Promise<SellerSubscriptionWithUser[]> {
      return (await subscriptions.listAll()).map(toSellerSubscriptionWithUser);
    },

    setState: commands.setState,
    removeSubscription: commands.remove,
  };
}

export type SellerPlansService = ReturnType<typeof createSellerPlansService>;
