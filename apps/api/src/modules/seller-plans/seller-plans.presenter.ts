import { presentPlanNames, presentTimestamps } from '../../core/plans.ts';
import type { SellerPlanRecord } from './seller-plans.repository.ts';
import type { SellerPlan, SellerSubscription, SellerSubscriptionWithUser } from '@filaha/shared/contracts';
import type { SellerSubscriptionRecord } from './seller-subscriptions.repository.ts';
import { withSubscriber } from '../../core/subscriptions/present.ts';
import { algiersToday, remainingDays } from '../../core/time.ts';

/** Internal English names → the contract's French field names (ARCHITECTURE §4). */
export function toSellerPlan(plan: SellerPlanRecord): SellerPlan {
  return {
    id: plan.id,
    ...presentPlanNames(plan),
    price: plan.price,
    isLimited: plan.isLimited,
    nbPost: plan.postLimit,
    priority: plan.priority,
    description: plan.description,
    descriptionAr: plan.descriptionAr,
    fonctionnalities: plan.functionalities,
    ...presentTimestamps(plan),
  };
}

/** Active = 'actif' and not past its end date (an admin may have left an ended one 'actif'). */
export function isActive(record: Pick<SellerSubscriptionRecord, 'state' | 'endDate'>, now: Date = new Date()): boolean {
  return record.state === 'actif' && record.endDate >= algiersToday(now);
}

export function toSellerSubscription(record: SellerSubscriptionRecord, now: Date = new Date()): SellerSubscription {
  const limit = record.plan.isLimited ? record.plan.postLimit : null;
  return {
    id: record.id,
    sellerAbonnementId: record.sellerPlanId,
    userId: record.userId,
    dateDebut: record.startDate,
    dateFin: record.endDate,
    etat: record.state,
    nbPost: record.postsUsed,
    remainingPosts: limit === null ? null : Math.max(0, limit - record.postsUsed),
    remainingDays: remainingDays(record.endDate, now),
    isActive: isActive(record, now),
    sellerabonnement: {
      id: record.plan.id,
      nameAbonnement: record.plan.name,
      nameAbonnementAr: record.plan.nameAr,
      price: record.plan.price,
      nbPost: record.plan.postLimit,
      isLimited: record.plan.isLimited,
    },
  };
}

export const toSellerSubscriptionWithUser: (record: SellerSubscriptionRecord) => SellerSubscriptionWithUser =
  withSubscriber((record: SellerSubscriptionRecord) => toSellerSubscription(record));
