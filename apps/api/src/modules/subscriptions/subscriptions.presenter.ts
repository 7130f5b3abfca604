import type { SubscriptionRecord, UsageRecord } from './subscriptions.repository.ts';
import type { Subscription, SubscriptionWithUser, Usage } from './subscriptions.schemas.ts';

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
      nameAbonnement: s.plan.name,
      nameAbonnementAr: s.plan.nameAr,
      nameClient: s.plan.clientName,
      nameClientAr: s.plan.clientNameAr,
      prices: s.plan.prices,
    },
  };
}

export function toSubscriptionWithUser(s: SubscriptionRecord): SubscriptionWithUser {
  return { ...toSubscription(s), User: { id: s.user.id, email: s.user.email, userName: s.user.userName } };
}

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
