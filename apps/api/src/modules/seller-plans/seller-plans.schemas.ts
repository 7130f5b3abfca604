import { SUBSCRIPTION_STATES } from '@filaha/shared';
import { z } from 'zod';
import { Functionality, planNameFields } from '../../core/plan-schemas.ts';

/** Answer shapes of the seller plan and seller subscription routes, with the SPEC's field names (§3). */

export const IdParams = z.object({ id: z.coerce.number().int().positive() });
export const MessageAnswer = z.object({ message: z.string() });

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
