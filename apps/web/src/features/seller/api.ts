import type { RouteData } from '@filaha/shared/contracts';
import type { ApiResult } from '../../lib/api.ts';
import { call, request } from '../../lib/client.ts';

/** GET /api/sellerAbonnement (SPEC §3 SellerAbonnement); nbPost null = unlimited ('Illimité'). */
export type SellerPlan = RouteData<'GET /sellerAbonnement'>[number];

/** GET /api/sellerAbonnementUser/current `data` (SPEC §3 SellerAbonnementUser, plus what the API computes). */
export type SellerSubscription = NonNullable<CurrentSubscription['data']>;

export type CurrentSubscription = RouteData<'GET /sellerAbonnementUser/current'>;

export const sellerKeys = {
  plans: ['sellerAbonnement'] as const,
  current: ['sellerAbonnementUser', 'current'] as const,
};

export const plansQuery = { queryKey: sellerKeys.plans, queryFn: () => call('GET /sellerAbonnement') };
export const currentQuery = {
  queryKey: sellerKeys.current,
  queryFn: () => call('GET /sellerAbonnementUser/current'),
};

/** The server decides the dates and the state; only the plan matters (apps/api/README.md). */
export const subscribe = (sellerAbonnementId: number): Promise<ApiResult<RouteData<'POST /sellerAbonnementUser'>>> =>
  request('POST /sellerAbonnementUser', { body: { sellerAbonnementId } });
