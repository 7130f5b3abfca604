import { z } from 'zod';
import { Functionality, planNameFields } from '../../core/plan-schemas.ts';

/** Answer shapes of the plan and functionality routes, with the SPEC's field names (§3 "Abonnement offer"). */

export const IdParams = z.object({ id: z.coerce.number().int().positive() });

export { Functionality } from '../../core/plan-schemas.ts';

export const Plan = z.object({
  id: z.number().int(),
  ...planNameFields,
  prices: z.string(),
  /** In the caller's language (Accept-Language); both languages follow. */
  description: z.string(),
  descriptionFr: z.string(),
  descriptionAr: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof Plan>;

export const RecommendationOut = z.object({
  range: z.object({ ar: z.string(), fr: z.string() }),
  ar: z.string(),
  fr: z.string(),
});

export const PlanIndex = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  /** JSON text {"ar": …, "fr": …} as the SPEC says. */
  description: z.string(),
  recommendation: z.array(RecommendationOut),
  /** Requests per subscription this plan grants for the index. */
  nombre_de_requete: z.number().int(),
});

export const PlanDetails = Plan.extend({
  fonctionnalities: z.array(Functionality),
  indices: z.array(PlanIndex),
});
export type PlanDetails = z.infer<typeof PlanDetails>;

export const MessageAnswer = z.object({ message: z.string() });
