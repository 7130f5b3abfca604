import type { RouteData } from '@filaha/shared/contracts';
import { call } from '../../lib/client.ts';

/** Recommendation entry of an index (SPEC §3): a value range and the advice, both in ar and fr. */
export type Recommendation = PlanIndex['recommendation'][number];

/** An index granted by a plan, as GET /api/abonnement/details answers it. */
export type PlanIndex = Plan['indices'][number];

/** Catalogue texts are French in the SPEC's fields, Arabic in the `…Ar` ones ('' = not translated yet). */
export type Functionality = Plan['fonctionnalities'][number];

/** An offer of the catalogue (SPEC §3 "Abonnement offer"), GET /api/abonnement/details. */
export type Plan = RouteData<'GET /abonnement/details'>[number];

/** A farmer subscription (SPEC §3 "AbonnementUser"), newest first in the status list. */
export type FarmerSubscription = RouteData<'GET /abonnementUser/user/:userId/status'>[number];

/** Quota of one index (SPEC §3 "AbonnementUserIndice"). */
export type Usage = RouteData<'GET /abonnementUserIndice/restReq/:abonnementUserId/indices-restants'>[number];

export const meQuery = {
  queryKey: ['subscription', 'me'] as const,
  queryFn: () => call('GET /users/get'),
  staleTime: Infinity,
};

export const plansQuery = {
  queryKey: ['subscription', 'plans'] as const,
  queryFn: () => call('GET /abonnement/details'),
};

export const statusQuery = (userId: number) => ({
  queryKey: ['subscription', 'status', userId] as const,
  queryFn: () => call('GET /abonnementUser/user/:userId/status', { params: { userId } }),
});

export const usageQuery = (subscriptionId: number) => ({
  queryKey: ['subscription', 'usage', subscriptionId] as const,
  queryFn: () =>
    call('GET /abonnementUserIndice/restReq/:abonnementUserId/indices-restants', {
      params: { abonnementUserId: subscriptionId },
    }),
});

/** The server decides the date, duration (12) and state ('désactivé'); the user id must be the caller's. */
export async function subscribe(planId: number, userId: number): Promise<void> {
  await call('POST /abonnementUser', { body: { abn_id: planId, user_id: userId } });
}

/** Pending = created and never activated yet; the API refuses a new subscription while one is pending or active. */
export function isPending(s: FarmerSubscription): boolean {
  return s.etat !== 'actif' && s.date_activation === null;
}

/** Mirrors the API's one-open-subscription rule, so the screen only offers what the server will accept. */
export function canSubscribeAgain(list: readonly FarmerSubscription[]): boolean {
  return list.every((s) => s.etat !== 'actif' && !isPending(s));
}
