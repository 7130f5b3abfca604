import { z } from 'zod';
import {
  IndexInput,
  IndexUpdateInput,
  LegendInput,
  LegendUpdateInput,
  PlanIndexInput,
  PlanIndexUpdateInput,
} from '../admin.ts';
import { route } from './contract.ts';
import { IdParams, MessageAnswer, withExample } from './common.ts';
import { Parcel } from './parcels.ts';

/** SPEC §3 "Legende", "Indice (admin)", "Indices config", "AbonnementIndice", with the SPEC's field names. */
export const IndexLegend = z.object({
  id: z.number().int(),
  legendeId: z.number().int(),
  intervalDeb: z.number(),
  intervalFin: z.number(),
  color: z.string(),
  /** In the caller's language (Accept-Language); both languages follow. */
  descriptionLeg: z.string(),
  descriptionLegFr: z.string(),
  descriptionLegAr: z.string(),
  indiceId: z.number().int(),
  position: z.number().int(),
});
export type IndexLegend = z.infer<typeof IndexLegend>;

export const IndexRecommendation = z.object({
  range: z.object({ ar: z.string(), fr: z.string() }),
  ar: z.string(),
  fr: z.string(),
});

export const IndexDetails = z.object({
  id: z.number().int(),
  indiceName: z.string(),
  code: z.string(),
  recomndation: z.array(IndexRecommendation),
  /** JSON text {"ar": …, "fr": …} (SPEC). */
  description: z.string(),
  legende: z.array(IndexLegend),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IndexDetails = z.infer<typeof IndexDetails>;

export const IndexConfig = z.object({
  indiceId: z.number().int(),
  indiceName: z.string(),
  code: z.string(),
  description: z.string(),
  recomndation: z.array(IndexRecommendation),
  legende: z.array(IndexLegend),
  parcelles: z.array(Parcel),
  /** The subscription's quota for this index (null before its usage rows exist). */
  nbreq_total: z.number().int().nullable(),
  nbreq_restante: z.number().int().nullable(),
  abonnementUserId: z.number().int(),
});
export type IndexConfig = z.infer<typeof IndexConfig>;

export const PlanIndexAssignment = z.object({
  AbonnementId: z.number().int(),
  IndiceId: z.number().int(),
  nombre_de_requete: z.number().int(),
  nameAbonnement: z.string(),
  indiceName: z.string(),
});
export type PlanIndexAssignment = z.infer<typeof PlanIndexAssignment>;

export const IndexUserIdParams = z.object({ userId: z.coerce.number().int().positive() });
export const AssignmentParams = z.object({
  abonnementId: z.coerce.number().int().positive(),
  indiceId: z.coerce.number().int().positive(),
});
export const LegendListQuery = z.object({ indiceId: z.coerce.number().int().positive().optional() });

const publicIndices = { tags: ['indices'], auth: false } as const;
const securedIndices = { tags: ['indices'], auth: true } as const;

/** Indices (SPEC "Indice"): public reads, Admin writes; the farmer's index-map configuration. */
export const indicesContract = {
  list: route({
    ...publicIndices,
    method: 'GET',
    path: '/indice',
    responses: { 200: z.array(IndexDetails) },
    errors: [],
  }),
  get: route({
    ...publicIndices,
    method: 'GET',
    path: '/indice/:id',
    params: IdParams,
    responses: { 200: IndexDetails },
    errors: ['NOT_FOUND'],
  }),
  config: route({
    ...securedIndices,
    method: 'GET',
    path: '/indice/:userId/indices',
    params: IndexUserIdParams,
    responses: { 200: z.array(IndexConfig) },
    errors: ['FORBIDDEN', 'SUBSCRIPTION_REQUIRED', 'SUBSCRIPTION_INACTIVE'],
  }),
  create: route({
    ...securedIndices,
    method: 'POST',
    path: '/indice',
    body: IndexInput,
    responses: { 201: IndexDetails },
    errors: ['FORBIDDEN', 'CONFLICT', 'NOT_FOUND'],
  }),
  update: route({
    ...securedIndices,
    method: 'PUT',
    path: '/indice/:id',
    params: IdParams,
    body: IndexUpdateInput,
    responses: { 200: IndexDetails },
    errors: ['FORBIDDEN', 'CONFLICT', 'NOT_FOUND'],
  }),
  remove: route({
    ...securedIndices,
    method: 'DELETE',
    path: '/indice/:id',
    params: IdParams,
    responses: { 200: MessageAnswer },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'IN_USE'],
  }),
};

const legendRoute = { tags: ['legends'], auth: true } as const;
const assignmentRoute = { tags: ['assignments'], auth: true } as const;
const LEGEND_EXAMPLE = {
  intervalDeb: 0.2,
  intervalFin: 0.4,
  color: 'rgb(166, 217, 106)',
  descriptionLeg: { ar: 'غطاء نباتي متوسط', fr: 'Végétation moyenne' },
  indiceId: 1,
};

/** Legends (SPEC "Legende") and plan ↔ index assignments ("AbonnementIndice"): public reads, Admin writes. */
export const legendsContract = {
  list: route({
    tags: ['legends'],
    auth: false,
    method: 'GET',
    path: '/legende',
    query: LegendListQuery,
    responses: { 200: z.array(IndexLegend) },
    errors: [],
  }),
  create: route({
    ...legendRoute,
    method: 'POST',
    path: '/legende',
    body: withExample(LegendInput, LEGEND_EXAMPLE),
    responses: { 201: IndexLegend },
    errors: ['FORBIDDEN', 'CONFLICT', 'NOT_FOUND'],
  }),
  update: route({
    ...legendRoute,
    method: 'PUT',
    path: '/legende/:id',
    params: IdParams,
    body: withExample(LegendUpdateInput, LEGEND_EXAMPLE),
    responses: { 200: IndexLegend },
    errors: ['FORBIDDEN', 'CONFLICT', 'NOT_FOUND'],
  }),
  remove: route({
    ...legendRoute,
    method: 'DELETE',
    path: '/legende/:id',
    params: IdParams,
    responses: { 200: MessageAnswer },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  assignments: route({
    tags: ['assignments'],
    auth: false,
    method: 'GET',
    path: '/abonnementIndice',
    responses: { 200: z.array(PlanIndexAssignment) },
    errors: [],
  }),
  assign: route({
    ...assignmentRoute,
    method: 'POST',
    path: '/abonnementIndice',
    body: PlanIndexInput,
    responses: { 201: PlanIndexAssignment },
    errors: ['FORBIDDEN', 'CONFLICT', 'NOT_FOUND'],
  }),
  updateAssignment: route({
    ...assignmentRoute,
    method: 'PUT',
    path: '/abonnementIndice/:abonnementId/:indiceId',
    params: AssignmentParams,
    body: PlanIndexUpdateInput,
    responses: { 200: PlanIndexAssignment },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  removeAssignment: route({
    ...assignmentRoute,
    method: 'DELETE',
    path: '/abonnementIndice/:abonnementId/:indiceId',
    params: AssignmentParams,
    responses: { 200: MessageAnswer },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
};
