import { z } from 'zod';
import { NETWORK_FILTERS, SUGGESTION_REASONS, SuggestionQuery } from '../social.ts';
import { route } from './contract.ts';

export const NetworkUserIdParams = z.object({ userId: z.coerce.number().int().positive() });

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
export type HiddenUser = z.infer<typeof HiddenUser>;

const networkRoute = { tags: ['network'], auth: true } as const;

/** `/network/*`: the suggestions page of farmers, sellers and investors (staff have no network). */
export const networkContract = {
  suggestions: route({
    ...networkRoute,
    method: 'GET',
    path: '/network/suggestions',
    query: SuggestionQuery,
    responses: { 200: z.array(Suggestion) },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  hidden: route({
    ...networkRoute,
    method: 'GET',
    path: '/network/hidden',
    responses: { 200: z.array(HiddenUser) },
    errors: ['FORBIDDEN'],
  }),
  hide: route({
    ...networkRoute,
    method: 'POST',
    path: '/network/hidden/:userId',
    params: NetworkUserIdParams,
    responses: { 200: HiddenAnswer, 201: HiddenAnswer },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  unhide: route({
    ...networkRoute,
    method: 'DELETE',
    path: '/network/hidden/:userId',
    params: NetworkUserIdParams,
    responses: { 200: HiddenAnswer },
    errors: ['FORBIDDEN'],
  }),
};
