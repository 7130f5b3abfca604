import { SUBSCRIPTION_STATES } from '@filaha/shared';
import { z } from 'zod';
import { planNameFields } from '../../core/plan-schemas.ts';

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

export const Usage = z.object({
  indice_id: z.number().int(),
  indiceName: z.string(),
  code: z.string(),
  nbreq_total: z.number().int(),
  nbreq_used: z.number().int(),
  nbreq_restante: z.number().int(),
});
export type Usage = z.infer<typeof Usage>;

export const UsageCreated = z.object({ created: z.number().int(), usage: z.array(Usage) });

export const IdParams = z.object({ id: z.coerce.number().int().positive() });
export const UserIdParams = z.object({ userId: z.coerce.number().int().positive() });
export const SubscriptionIdParams = z.object({ abonnementUserId: z.coerce.number().int().positive() });
export const MessageWithSubscription = z.object({ message: z.string(), abonnementUser: Subscription });
export const MessageAnswer = z.object({ message: z.string() });
