import { presentPlanNames } from '../../core/plans.ts';
import { withSubscriber } from '../../core/subscriptions/present.ts';
import type { SubscriptionRecord, UsageRecord } from './subscriptions.repository.ts';
import type { Subscription, SubscriptionWithUser, SubscriptionUsage as Usage } from '@filaha/shared/contracts';

export function toSubscription(s: SubscriptionRecord): Subscription {
  return {
    id: s.id,
    abn_id: s.planId,
    user_id: s.userId,
    date_abonnement: s.subscribedAt.toISOString(),
    durée: s.durationMonths,
    etat: s.state,
    date_activation: s.activatedAt ? s.activatedAt.toISOString() : null,
    abonnement: {
      id: s.plan.id,
      ...presentPlanNames(s.plan),
      prices: s.plan.prices,
    },
  };
}

export const toSubscriptionWithUser: (s: SubscriptionRecord) => SubscriptionWithUser = withSubscriber(toSubscription);

export function toUsage(u: UsageRecord): Usage {
  return {
    indice_id: u.indexId,
    indiceName: u.indexName,
    code: u.code,
    nbreq_total: u.total,
    nbreq_used: u.used,
    nbreq_restante: u.total - u.used,
  };
}
