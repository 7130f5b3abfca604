import { api, type ApiResult } from '../../lib/api.ts';
import { getJson } from '../../lib/queries.ts';

/** GET /api/sellerAbonnement (SPEC §3 SellerAbonnement); nbPost null = unlimited ('Illimité'). */
export interface SellerPlan {
  id: number;
  /** French texts in the SPEC's fields, Arabic in the `…Ar` ones ('' = not translated yet). */
  nameAbonnement: string;
  nameAbonnementAr?: string;
  nameClient: string;
  nameClientAr?: string;
  price: number;
  isLimited: boolean;
  nbPost: number | null;
  priority: number;
  description: string;
  descriptionAr?: string;
  fonctionnalities: Array<{ id: number; name: string; nameAr?: string; psudo: string }>;
}

/** GET /api/sellerAbonnementUser/current `data` (SPEC §3 SellerAbonnementUser, plus what the API computes). */
export interface SellerSubscription {
  id: number;
  sellerAbonnementId: number;
  dateDebut: string;
  dateFin: string;
  etat: string;
  /** Posts used so far. */
  nbPost: number;
  /** null when the plan is unlimited. */
  remainingPosts: number | null;
  remainingDays: number;
  isActive: boolean;
  sellerabonnement: {
    id: number;
    nameAbonnement: string;
    nameAbonnementAr?: string;
    price: number;
    nbPost: number | null;
    isLimited: boolean;
  };
}

export interface CurrentSubscription {
  hasActiveSubscription: boolean;
  data: SellerSubscription | null;
}

export const sellerKeys = {
  plans: ['sellerAbonnement'] as const,
  current: ['sellerAbonnementUser', 'current'] as const,
};

export const plansQuery = { queryKey: sellerKeys.plans, queryFn: () => getJson<SellerPlan[]>('/sellerAbonnement') };
export const currentQuery = {
  queryKey: sellerKeys.current,
  queryFn: () => getJson<CurrentSubscription>('/sellerAbonnementUser/current'),
};

/** The server decides the dates and the state; only the plan matters (apps/api/README.md). */
export const subscribe = (sellerAbonnementId: number): Promise<ApiResult<{ message: string }>> =>
  api.post<{ message: string }>('/sellerAbonnementUser', { sellerAbonnementId });
