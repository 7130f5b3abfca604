import { apiCalls } from '../../lib/apiCalls.ts';
import { call } from '../../lib/client.ts';
import { KEYS } from './adminApi.ts';
import type {
  Assignment,
  FarmerSubscription,
  Functionality,
  IndexRow,
  PlanDetails,
  SellerPlan,
  SellerSubscription,
} from './types.ts';

/** Queries several screens share (selects of the assign forms, the plan tables). */
export const plansQuery = {
  queryKey: KEYS.plans,
  queryFn: () => apiCalls.get<PlanDetails[]>('/abonnement/details'),
};
export const sellerPlansQuery = {
  queryKey: KEYS.sellerPlans,
  queryFn: () => apiCalls.get<SellerPlan[]>('/sellerAbonnement'),
};
export const functionalitiesQuery = {
  queryKey: KEYS.functionalities,
  queryFn: () => apiCalls.get<Functionality[]>('/fonctionnality'),
};
export const indicesQuery = {
  queryKey: KEYS.indices,
  queryFn: () => apiCalls.get<IndexRow[]>('/indice'),
};

export const assignmentsQuery = {
  queryKey: KEYS.assignments,
  queryFn: () => apiCalls.get<Assignment[]>('/abonnementIndice'),
};
export const subscriptionsQuery = {
  queryKey: KEYS.subscriptions,
  queryFn: () => apiCalls.get<FarmerSubscription[]>('/abonnementUser'),
};
export const sellerSubscriptionsQuery = {
  queryKey: KEYS.sellerSubscriptions,
  queryFn: () => apiCalls.get<SellerSubscription[]>('/sellerAbonnementUser'),
};
/** GET /api/users (Admin, Manager); same key as the shell's users list. */
export const usersQuery = { queryKey: KEYS.users, queryFn: () => call('GET /users') };
