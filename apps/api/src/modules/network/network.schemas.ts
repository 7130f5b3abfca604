import { NETWORK_FILTERS, SUGGESTION_REASONS } from '@filaha/shared';
import { z } from 'zod';

export const UserIdParams = z.object({ userId: z.coerce.number().int().positive() });

export const Suggestion = z.object({
  id: z.number().int(),
  userName: z.string(),
  /** Server role name: User (farmer), Seller, Investor. */
  roleName: z.string(),
  sellerRole: z.object({ id: z.number().int(), roleName: z.string(), roleNameAr: z.string() }).nullable(),
  wilaya: z.object({ id: z.number().int(), fr: z.string(), ar: z.string() }).nullable(),
  /** The filter group this user falls in. */
  category: z.enum(NETWORK_FILTERS),
  reason: z.enum(SUGGESTION_REASONS),
});
export type Suggestion = z.infer<typeof Suggestion>;

export const HiddenAnswer = z.object({ hidden: z.boolean() });
export const HiddenUser = z.object({
  userId: z.number().int(),
  userName: z.string(),
  roleName: z.string(),
  createdAt: z.string(),
});
