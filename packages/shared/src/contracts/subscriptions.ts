import { z } from 'zod';
import { FarmerSubscriptionInput, SubscriptionStateInput, UsageRowsInput } from '../admin.ts';
import { SUBSCRIPTION_STATES } from '../limits.ts';
import { route } from './contract.ts';
import { IdParams, MessageAnswer } from './common.ts';
import { planNameFields } from './plan-common.ts';

/** SPEC §3 "AbonnementUser" and "AbonnementUserIndice usage", with the SPEC's field names. */
export const Subscription = z.object({
  id: z.number().int(),
  abn_id: z.number().int(),
  user_id: z.number().int(),
  date_abonnement: z.string(),
  durée: z.number().int(),
  etat: z.enum(SUBSCRIPTION_STATES),
  /** Last activation (null while it awaits its first activation). */
  date_activation: z.string().nullable(),
  abonnement: z.object({
    id: z.number().int(),
    /** An Arabic name is '' when not translated yet (the French is shown). */
    ...planNameFields,
    prices: z.string(),
  }),
});
export type Subscription = z.infer<typeof Subscription>;

/** The admin list adds the subscriber (SPEC: embedded User with email). */
export const SubscriptionWithUser = Subscription.extend({
  User: z.object({ id: z.number().int(), email: z.string(), userName: z.string() }),
});
export type SubscriptionWithUser = z.infer<typeof SubscriptionWithUser>;

export const SubscriptionUsage = z.object({
  indice_id: z.number().int(),
  indiceName: z.string(),
  code: z.string(),
  nbreq_total: z.number().int(),
  nbreq_used: z.number().int(),
  nbreq_restante: z.number().int(),
});
export type SubscriptionUsage = z.infer<typeof SubscriptionUsage>;

export const SubscriptionUsageCreated = z.object({ created: z.number().int(), usage: z.array(SubscriptionUsage) });

export const SubscriptionUserIdParams = z.object({ userId: z.coerce.number().int().positive() });
export const SubscriptionIdParams = z.object({ abonnementUserId: z.coerce.number().int().positive() });
export const MessageWithSubscription = z.object({ message: z.string(), abonnementUser: Subscription });

const subscriptionRoute = { tags: ['subscriptions'], auth: true } as const;

/**
 * Farmer subscriptions (SPEC "AbonnementUser") and usage ("AbonnementUserIndice"). Farmers subscribe and read
 * their own; Admin and Manager read all and switch the state; only Admin deletes.
 */
export const subscriptionsContract = {
  status: route({
    ...subscriptionRoute,
    method: 'GET',
    path: '/abonnementUser/user/:userId/status',
    params: SubscriptionUserIdParams,
    responses: { 200: z.array(Subscription) },
    errors: ['FORBIDDEN'],
  }),
  list: route({
    ...subscriptionRoute,
    method: 'GET',
    path: '/abonnementUser',
    responses: { 200: z.array(SubscriptionWithUser) },
    errors: ['FORBIDDEN'],
  }),
  subscribe: route({
    ...subscriptionRoute,
    method: 'POST',
    path: '/abonnementUser',
    body: FarmerSubscriptionInput,
    responses: { 201: MessageWithSubscription },
    errors: ['FORBIDDEN', 'CONFLICT'],
  }),
  setState: route({
    ...subscriptionRoute,
    method: 'PUT',
    path: '/abonnementUser/:id',
    params: IdParams,
    body: SubscriptionStateInput,
    responses: { 200: MessageWithSubscription },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  remove: route({
    ...subscriptionRoute,
    method: 'DELETE',
    path: '/abonnementUser/:id',
    params: IdParams,
    responses: { 200: MessageAnswer },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  remaining: route({
    ...subscriptionRoute,
    method: 'GET',
    path: '/abonnementUserIndice/restReq/:abonnementUserId/indices-restants',
    params: SubscriptionIdParams,
    responses: { 200: z.array(SubscriptionUsage) },
    errors: ['NOT_FOUND'],
  }),
  createUsage: route({
    ...subscriptionRoute,
    method: 'POST',
    path: '/abonnementUserIndice/indices',
    body: UsageRowsInput,
    responses: { 200: SubscriptionUsageCreated },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'SUBSCRIPTION_INACTIVE'],
  }),
};
