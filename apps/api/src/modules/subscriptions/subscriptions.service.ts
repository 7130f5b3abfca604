import type { FarmerSubscriptionInput, UsageRowsInput } from '@filaha/shared';
import type { AuthedCtx } from '../../context.ts';
import { AppError, NotFoundError } from '../../core/errors.ts';
import { requireAccess } from '../../core/access.ts';
import { createSubscriptionCommands } from '../../core/subscriptions/commands.ts';
import { toSubscription, toSubscriptionWithUser, toUsage } from './subscriptions.presenter.ts';
import type { SubscriptionsRepository } from './subscriptions.repository.ts';
import type { Subscription, SubscriptionWithUser, SubscriptionUsage as Usage } from '@filaha/shared/contracts';

/**
 * Farmer subscriptions and their per-index usage. Route guards fix the roles; this service adds ownership:
 * a farmer only ever reads their own subscriptions and usage, and only subscribes themself.
 */
export function createSubscriptionsService(repo: SubscriptionsRepository) {
  const commands = createSubscriptionCommands({
    store: repo,
    present: toSubscription,
    answerKey: 'abonnementUser',
    planField: 'abn_id',
    textKeys: { created: 'subscriptionCreated', updated: 'subscriptionUpdated', deleted: 'subscriptionDeleted' },
  });

  /** The subscription if the caller may read it; someone else's answers 404 so its existence is not told. */
  async function readable(ctx: AuthedCtx, id: number) {
    const subscription = await repo.findById(id);
    if (!subscription) throw new NotFoundError();
    requireAccess(ctx, 'subscription', 'read', { ownerId: subscription.userId, hide: true });
    return subscription;
  }

  return {
    async statusOf({ ctx, userId }: { ctx: AuthedCtx; userId: number }): Promise<Subscription[]> {
      requireAccess(ctx, 'subscription', 'read', { ownerId: userId });
      return (await repo.listByUser(userId)).map(toSubscription);
    },

    async listAll(): Promise<SubscriptionWithUser[]> {
      return (await repo.listAll()).map(toSubscriptionWithUser);
    },

    /** For the caller only: désactivé, 12 months, today; the client's user_id may only repeat the caller's. */
    async subscribe({ ctx, input }: { ctx: AuthedCtx; input: FarmerSubscriptionInput }) {
      requireAccess(ctx, 'subscription', 'write', { ownerId: input.user_id ?? ctx.actor.id });
      return commands.subscribe(ctx, input.abn_id);
    },

    setState: commands.setState,
    remove: commands.remove,

    async remaining({ ctx, id }: { ctx: AuthedCtx; id: number }): Promise<Usage[]> {
      await readable(ctx, id);
      return (await repo.usage(id)).map(toUsage);
    },

    /** Idempotent repair for an active subscription (e.g. an index assigned to its plan after activation). */
    async createUsage({ input }: { ctx: AuthedCtx; input: UsageRowsInput }) {
      const subscription = await repo.findById(input.abonnementuser_id);
      if (!subscription) throw new NotFoundError();
      if (subscription.state !== 'actif') throw new AppError('SUBSCRIPTION_INACTIVE', { variant: 'usageRepair' });
      const created = await repo.createMissingUsage(subscription.id);
      return { created, usage: (await repo.usage(subscription.id)).map(toUsage) };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
