import { z } from 'zod';
import { SellerPlanInput, SubscriptionStateInput } from '../admin.ts';
import { LIMITS, SUBSCRIPTION_STATES } from '../limits.ts';
import { SellerSubscriptionInput } from '../marketplace.ts';
import { route } from './contract.ts';
import { IdParams, MessageAnswer } from './common.ts';
import { Functionality, planNameFields } from './plan-common.ts';

/** Answer shapes of the seller plan and seller subscription routes, with the SPEC's field names (§3). */

export const SellerPlan = z.object({
  id: z.number().int(),
  ...planNameFields,
  price: z.number(),
  isLimited: z.boolean(),
  /** null = unlimited (the web shows 'Illimité'). */
  nbPost: z.number().int().nullable(),
  priority: z.number().int(),
  description: z.string(),
  descriptionAr: z.string(),
  fonctionnalities: z.array(Functionality),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SellerPlan = z.infer<typeof SellerPlan>;

export const EmbeddedSellerPlan = z.object({
  id: z.number().int(),
  nameAbonnement: z.string(),
  nameAbonnementAr: z.string(),
  price: z.number(),
  nbPost: z.number().int().nullable(),
  isLimited: z.boolean(),
});

export const SellerSubscription = z.object({
  id: z.number().int(),
  sellerAbonnementId: z.number().int(),
  userId: z.number().int(),
  dateDebut: z.string(),
  dateFin: z.string(),
  etat: z.enum(SUBSCRIPTION_STATES),
  /** Posts used so far. */
  nbPost: z.number().int(),
  /** null when the plan is unlimited. */
  remainingPosts: z.number().int().nullable(),
  remainingDays: z.number().int(),
  /** actif and not past its end date. */
  isActive: z.boolean(),
  sellerabonnement: EmbeddedSellerPlan,
});
export type SellerSubscription = z.infer<typeof SellerSubscription>;

export const SellerSubscriptionWithUser = SellerSubscription.extend({
  User: z.object({ id: z.number().int(), userName: z.string(), email: z.string() }),
});
export type SellerSubscriptionWithUser = z.infer<typeof SellerSubscriptionWithUser>;

export const CurrentSellerSubscription = z.object({
  hasActiveSubscription: z.boolean(),
  /** The active subscription, else the latest one (ended or deactivated), else null. */
  data: SellerSubscription.nullable(),
});
export type CurrentSellerSubscription = z.infer<typeof CurrentSellerSubscription>;

export const SellerSubscriptionAnswer = z.object({ message: z.string(), sellerAbonnementUser: SellerSubscription });

/** SPEC §5 says priority is required with a default of 1: an absent value takes the default. */
export const SellerPlanBody = SellerPlanInput.extend({
  priority: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? LIMITS.sellerPriorityDefault : v),
    SellerPlanInput.shape.priority,
  ),
});

const tags = ['seller plans'];
const publicRoute = { tags, auth: false } as const;
const authRoute = { tags, auth: true } as const;

/** The catalogue routes under one spelling of the collection (`/sellerAbonnement`, also `/sellerabonnement`). */
function sellerPlanRoutes<const B extends string>(base: B) {
  return {
    list: route({
      ...publicRoute,
      method: 'GET',
      path: base,
      responses: { 200: z.array(SellerPlan) },
      errors: [],
    }),
    create: route({
      ...authRoute,
      method: 'POST',
      path: base,
      body: SellerPlanBody,
      responses: { 201: SellerPlan },
      errors: ['FORBIDDEN', 'CONFLICT'],
    }),
    update: route({
      ...authRoute,
      method: 'PUT',
      path: `${base}/:id` as `${B}/:id`,
      params: IdParams,
      body: SellerPlanBody,
      responses: { 200: SellerPlan },
      errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
    }),
    remove: route({
      ...authRoute,
      method: 'DELETE',
      path: `${base}/:id` as `${B}/:id`,
      params: IdParams,
      responses: { 200: MessageAnswer },
      errors: ['FORBIDDEN', 'NOT_FOUND', 'IN_USE'],
    }),
  };
}

const plans = sellerPlanRoutes('/sellerAbonnement');
/** The same routes, spelt as some earlier clients did. */
const plansLower = sellerPlanRoutes('/sellerabonnement');

/**
 * Seller plans (`/sellerAbonnement`, also spelt `/sellerabonnement`) and seller subscriptions
 * (`/sellerAbonnementUser`). The catalogue is public; Seller and User (a farmer selling produce) subscribe.
 */
export const sellerPlansContract = {
  listPlans: plans.list,
  createPlan: plans.create,
  updatePlan: plans.update,
  removePlan: plans.remove,
  listPlansLower: plansLower.list,
  createPlanLower: plansLower.create,
  updatePlanLower: plansLower.update,
  removePlanLower: plansLower.remove,
  subscribe: route({
    ...authRoute,
    method: 'POST',
    path: '/sellerAbonnementUser',
    body: SellerSubscriptionInput,
    responses: { 201: SellerSubscriptionAnswer },
    errors: ['FORBIDDEN', 'CONFLICT'],
  }),
  current: route({
    ...authRoute,
    method: 'GET',
    path: '/sellerAbonnementUser/current',
    responses: { 200: CurrentSellerSubscription },
    errors: [],
  }),
  listSubscriptions: route({
    ...authRoute,
    method: 'GET',
    path: '/sellerAbonnementUser',
    responses: { 200: z.array(SellerSubscriptionWithUser) },
    errors: ['FORBIDDEN'],
  }),
  setState: route({
    ...authRoute,
    method: 'PUT',
    path: '/sellerAbonnementUser/:id',
    params: IdParams,
    body: SubscriptionStateInput,
    responses: { 200: SellerSubscriptionAnswer },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  removeSubscription: route({
    ...authRoute,
    method: 'DELETE',
    path: '/sellerAbonnementUser/:id',
    params: IdParams,
    responses: { 200: MessageAnswer },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
};
