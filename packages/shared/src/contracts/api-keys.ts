import { z } from 'zod';
import { API_KEY_SCOPES, CONDITION_CLASSES, CROPS, type ApiKeyScope } from '../organisations.ts';
import { MessageAnswer } from './common.ts';
import { route } from './contract.ts';
import { RouteId } from './organisations.ts';

export { API_KEY_SCOPES, type ApiKeyScope };

const id = RouteId;

export const ApiKeyInput = z.object({
  name: z.string().trim().min(2).max(80),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, 'validation.required')
    .refine((s) => new Set(s).size === s.length, 'validation.invalid'),
});
export type ApiKeyInput = z.infer<typeof ApiKeyInput>;

export const ApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to tell keys apart (the key itself is shown once, at creation). */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** The answer of a creation: the only time the key is given. */
export const ApiKeyCreated = ApiKey.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

/** A page of a list: `nextCursor` asks for the next one (`?cursor=`), null on the last page. */
const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });
export const PageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number('validation.invalid').int('validation.invalid').min(1).max(1000).optional(),
});

export const ParcelCondition = z.object({
  id: z.number().int(),
  name: z.string(),
  areaHa: z.number(),
  /** The farmer who granted it; null for the organisation's own parcel. */
  farmer: z.object({ id: z.number().int(), userName: z.string() }).nullable(),
  farmerContact: z.string().nullable(),
  crop: z.enum(CROPS).nullable(),
  season: z.number().int().nullable(),
  sowingDate: z.string().nullable(),
  irrigated: z.boolean().nullable(),
  /** The latest NDVI point: its day, median and share of valid pixels. */
  latest: z.object({ date: z.string(), median: z.number(), validShare: z.number().nullable() }).nullable(),
  /** CONDITION_RULE's verdict; null without a reference (no history, too few of its crop). */
  condition: z
    .object({ class: z.enum(CONDITION_CLASSES), z: z.number(), reference: z.enum(['history', 'peers']) })
    .nullable(),
});
export type ParcelCondition = z.infer<typeof ParcelCondition>;

export const SeasonPoint = z.object({
  date: z.string(),
  sceneId: z.string(),
  basis: z.string(),
  status: z.enum(['point', 'CLOUDY', 'OUTSIDE_COVERAGE']),
  median: z.number().nullable(),
  mean: z.number().nullable(),
  p25: z.number().nullable(),
  p75: z.number().nullable(),
  validShare: z.number().nullable(),
});
export type SeasonPoint = z.infer<typeof SeasonPoint>;

const tags = ['organisations'];
const OrgParams = z.object({ id });

/**
 * Issue 30 §4: an organisation's API keys (its admins make, list and revoke them; `Authorization: ApiKey <key>`),
 * and the lists a key reads page by page (`nextCursor`), each with an ETag (`If-None-Match` → 304).
 */
export const apiKeysContract = {
  create: route({
    method: 'POST',
    path: '/organisations/:id/api-keys',
    tags,
    auth: true,
    description: 'Makes a key (its admins); the answer is the only time the key is shown.',
    params: OrgParams,
    body: ApiKeyInput,
    responses: { 201: ApiKeyCreated },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  list: route({
    method: 'GET',
    path: '/organisations/:id/api-keys',
    tags,
    auth: true,
    description: "The organisation's keys (its admins), active first; never the keys themselves.",
    params: OrgParams,
    responses: { 200: z.array(ApiKey) },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  revoke: route({
    method: 'DELETE',
    path: '/organisations/:id/api-keys/:keyId',
    tags,
    auth: true,
    description: 'Revokes a key (its admins): refused at once from the next request.',
    params: z.object({ id, keyId: id }),
    responses: { 200: MessageAnswer },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  conditions: route({
    method: 'GET',
    path: '/organisations/:id/conditions',
    tags,
    auth: true,
    apiKeyScope: 'parcels:read',
    description:
      "The organisation's parcels with their crop, latest NDVI point and condition, by id, a page at a time (members, or a key with parcels:read).",
    params: OrgParams,
    query: PageQuery,
    responses: { 200: page(ParcelCondition) },
    // A read of farmers' data is recorded, or the territory table refreshed: a write that a full disk refuses.
    errors: ['FORBIDDEN', 'NOT_FOUND', 'STORAGE_FULL'],
  }),
  points: route({
    method: 'GET',
    path: '/organisations/:id/parcels/:parcelId/points',
    tags,
    auth: true,
    apiKeyScope: 'points:read',
    description:
      "A followed parcel's season points of an index, oldest first, a page at a time (members, or a key with points:read).",
    params: z.object({ id, parcelId: id }),
    query: PageQuery.extend({ index: z.string().trim().toUpperCase().max(20).optional() }),
    responses: { 200: page(SeasonPoint) },
    // A read of farmers' data is recorded, or the territory table refreshed: a write that a full disk refuses.
    errors: ['FORBIDDEN', 'NOT_FOUND', 'STORAGE_FULL'],
  }),
};
