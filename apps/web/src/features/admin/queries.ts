import { call } from '../../lib/client.ts';
import { KEYS } from './adminApi.ts';

/** Queries several screens share (selects of the assign forms, the plan tables). */
export const plansQuery = {
  queryKey: KEYS.plans,
  queryFn: () => call('GET /abonnement/details'),
};
export const sellerPlansQuery = {
  queryKey: KEYS.sellerPlans,
  queryFn: () => call('GET /sellerAbonnement'),
};
export const functionalitiesQuery = {
  queryKey: KEYS.functionalities,
  queryFn: () => call('GET /fonctionnality'),
};
export const indicesQuery = {
  queryKey: KEYS.indices,
  queryFn: () => call('GET /indice'),
};

export const assignmentsQuery = {
  queryKey: KEYS.assignments,
  queryFn: () => call('GET /abonnementIndice'),
};
export const subscriptionsQuery = {
  queryKey: KEYS.subscriptions,
  queryFn: () => call('GET /abonnementUser'),
};
export const sellerSubscriptionsQuery = {
  queryKey: KEYS.sellerSubscriptions,
  queryFn: () => call('GET /sellerAbonnementUser'),
};
/** GET /api/users (Admin, Manager); same key as the shell's users list. */
export const usersQuery = { queryKey: KEYS.users, queryFn: () => call('GET /users') };
