import type { SubscriptionState } from '@filaha/shared';
import { api } from '../../lib/api.ts';
import { call } from '../../lib/client.ts';
import { getJson, unwrap } from '../../lib/queries.ts';

/** Recommendation entry of an index (SPEC §3): a value range and the advice, both in ar and fr. */
export interface Recommendation {
  range: { ar: string; fr: string };
  ar: string;
  fr: string;
}

/** An index granted by a plan, as GET /api/abonnement/details answers it. */
export interface PlanIndex {
  id: number;
  name: string;
  code?: string;
  /** JSON text {"ar", "fr"} (SPEC §3); older rows may hold plain text. */
  description: string;
  recommendation: Recommendation[];
  nombre_de_requete?: number;
}

/** Catalogue texts are French in the SPEC's fields, Arabic in the `…Ar` ones ('' = not translated yet). */
export interface Functionality {
  id: number;
  name: string;
  nameAr?: string;
  psudo: string;
}

/** An offer of the catalogue (SPEC §3 "Abonnement offer"). */
export interface Plan {
  id: number;
  nameAbonnement: string;
  nameAbonnementAr?: string;
  nameClient: string;
  nameClientAr?: string;
  prices: string;
  description?: string;
  descriptionFr?: string;
  descriptionAr?: string;
  createdAt?: string;
  fonctionnalities: Functionality[];
  indices: PlanIndex[];
}

/** A farmer subscription (SPEC §3 "AbonnementUser"), newest first in the status list. */
export interface FarmerSubscription {
  id: number;
  abn_id: number;
  user_id: number;
  date_abonnement: string;
  durée: number;
  etat: SubscriptionState | string;
  date_activation: string | null;
  abonnement: {
    id: number;
    nameAbonnement: string;
    nameAbonnementAr?: string;
    nameClient: string;
    nameClientAr?: string;
    prices: string;
  };
}

/** Quota of one index (SPEC §3 "AbonnementUserIndice"). */
export interface Usage {
  indice_id: number;
  indiceName: string;
  code?: string;
  nbreq_total: number;
  nbreq_used: number;
  nbreq_restante: number;
}

export const meQuery = {
  queryKey: ['subscription', 'me'] as const,
  queryFn: () => call('GET /users/get'),
  staleTime: Infinity,
};

export const plansQuery = {
  queryKey: ['subscription', 'plans'] as const,
  queryFn: () => getJson<Plan[]>('/abonnement/details'),
};

export const statusQuery = (userId: number) => ({
  queryKey: ['subscription', 'status', userId] as const,
  queryFn: () => getJson<FarmerSubscription[]>(`/abonnementUser/user/${userId}/status`),
});

export const usageQuery = (subscriptionId: number) => ({
  queryKey: ['subscription', 'usage', subscriptionId] as const,
  queryFn: () => getJson<Usage[]>(`/abonnementUserIndice/restReq/${subscriptionId}/indices-restants`),
});

/** The server decides the date, duration (12) and state ('désactivé'); the user id must be the caller's. */
export async function subscribe(planId: number, userId: number): Promise<void> {
  unwrap(await api.post<unknown>('/abonnementUser', { abn_id: planId, user_id: userId }));
}

/** Pending = created and never activated yet; the API refuses a new subscription while one is pending or active. */
export function isPending(s: FarmerSubscription): boolean {
  return s.etat !== 'actif' && s.date_activation === null;
}

/** Mirrors the API's one-open-subscription rule, so the screen only offers what the server will accept. */
export function canSubscribeAgain(list: readonly FarmerSubscription[]): boolean {
  return list.every((s) => s.etat !== 'actif' && !isPending(s));
}
