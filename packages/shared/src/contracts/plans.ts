import { z } from 'zod';
import { AssignFunctionalityInput, AssignSellerFunctionalityInput, FunctionalityInput, PlanInput } from '../admin.ts';
import { route } from './contract.ts';
import { IdParams, MessageAnswer } from './common.ts';
import { Functionality, planNameFields } from './plan-common.ts';

/** Answer shapes of the plan and functionality routes, with the SPEC's field names (§3 "Abonnement offer"). */

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

export const PlanIndexRecommendation = z.object({
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
  recommendation: z.array(PlanIndexRecommendation),
  /** Requests per subscription this plan grants for the index. */
  nombre_de_requete: z.number().int(),
});

export const PlanDetails = Plan.extend({
  fonctionnalities: z.array(Functionality),
  indices: z.array(PlanIndex),
});
export type PlanDetails = z.infer<typeof PlanDetails>;

const publicRoute = { tags: ['plans'], auth: false } as const;
const adminRoute = { tags: ['plans'], auth: true } as const;

/** Plans and functionalities. Catalogue reads are public (the offers page shows them); writes are Admin only. */
export const plansContract = {
  list: route({
    ...publicRoute,
    method: 'GET',
    path: '/abonnement',
    responses: { 200: z.array(Plan) },
    errors: [],
  }),
  // The earlier clients used both spellings of the "detailed" path; they answer the same.
  details: route({
    ...publicRoute,
    method: 'GET',
    path: '/abonnement/details',
    responses: { 200: z.array(PlanDetails) },
    errors: [],
  }),
  detailsFonctionnality: route({
    ...publicRoute,
    method: 'GET',
    path: '/abonnementFonctionnality/detailed',
    responses: { 200: z.array(PlanDetails) },
    errors: [],
  }),
  detailsFonctionality: route({
    ...publicRoute,
    method: 'GET',
    path: '/abonnementFonctionality/detailed',
    responses: { 200: z.array(PlanDetails) },
    errors: [],
  }),
  create: route({
    ...adminRoute,
    method: 'POST',
    path: '/abonnement',
    body: PlanInput,
    responses: { 201: Plan },
    errors: ['FORBIDDEN', 'CONFLICT'],
  }),
  update: route({
    ...adminRoute,
    method: 'PUT',
    path: '/abonnement/:id',
    params: IdParams,
    body: PlanInput,
    responses: { 200: Plan },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  remove: route({
    ...adminRoute,
    method: 'DELETE',
    path: '/abonnement/:id',
    params: IdParams,
    responses: { 200: MessageAnswer },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'IN_USE'],
  }),
  functionalities: route({
    ...publicRoute,
    method: 'GET',
    path: '/fonctionnality',
    responses: { 200: z.array(Functionality) },
    errors: [],
  }),
  createFunctionality: route({
    ...adminRoute,
    method: 'POST',
    path: '/fonctionnality',
    body: FunctionalityInput,
    responses: { 201: Functionality },
    errors: ['FORBIDDEN', 'CONFLICT'],
  }),
  updateFunctionality: route({
    ...adminRoute,
    method: 'PUT',
    path: '/fonctionnality/:id',
    params: IdParams,
    body: FunctionalityInput,
    responses: { 200: Functionality },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  assignFunctionality: route({
    ...adminRoute,
    method: 'POST',
    path: '/abonnementFonctionnality',
    body: AssignFunctionalityInput,
    responses: { 201: MessageAnswer },
    errors: ['FORBIDDEN', 'CONFLICT'],
  }),
  assignSellerFunctionality: route({
    ...adminRoute,
    method: 'POST',
    path: '/sellerAbonnementFonctionality',
    body: AssignSellerFunctionalityInput,
    responses: { 201: MessageAnswer },
    errors: ['FORBIDDEN', 'CONFLICT'],
  }),
};
