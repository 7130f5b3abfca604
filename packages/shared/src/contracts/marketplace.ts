import { z } from 'zod';
import { PUBLICATION_STATES, PUBLICATION_UNITS } from '../limits.ts';
import { PublicationListQuery } from '../marketplace.ts';
import { IdParams, MessageAnswer } from './common.ts';
import { route } from './contract.ts';

/** Answer shapes of `/publications/*`, with the SPEC's field names (§3 Publication). */

/** `<uuid>.webp` or `<uuid>.thumb.webp`: the only names the image route serves. */
export const PublicationImageParams = z.object({ name: z.string().regex(/^[0-9a-f-]{36}(\.thumb)?\.webp$/) });

export const PublicationImage = z.object({
  id: z.number().int(),
  /** Stable public URL of the large WebP (≤1600 px). */
  imagePath: z.string(),
  /** Stable public URL of the thumbnail (≤400 px). */
  thumbPath: z.string(),
});

export const Publication = z.object({
  id: z.number().int(),
  nomProduit: z.string(),
  /** DA. */
  prixUnitaire: z.number(),
  addresse: z.string(),
  phoneNumber: z.string(),
  quantité: z.number(),
  /** What prixUnitaire and quantité count in (PUBLICATION_UNITS); null when the publication names none. */
  unit: z.enum(PUBLICATION_UNITS).nullable(),
  etat: z.enum(PUBLICATION_STATES),
  images: z.array(PublicationImage),
  seller: z.object({
    id: z.number().int(),
    userName: z.string(),
    sellerRole: z.object({ id: z.number().int(), roleName: z.string(), roleNameAr: z.string() }).nullable(),
    wilaya: z.number().int().nullable(),
  }),
  userId: z.number().int(),
  sellerAbonnementUserId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Publication = z.infer<typeof Publication>;

export const PublicationPage = z.object({
  items: z.array(Publication),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PublicationPage = z.infer<typeof PublicationPage>;

export const PublicationAnswer = z.object({ message: z.string(), publication: Publication });

const tags = ['publications'];
/** Multipart routes have no body schema: the form is read part by part and validated in the API's service. */
const multipartConsumes = ['multipart/form-data', 'application/json'];

/**
 * `/publications/*` (SPEC §7). Reads are public (everyone browses); add needs the Seller or User role and an
 * active seller subscription of the caller; update is the owner's, delete the owner's or an Admin's.
 */
export const marketplaceContract = {
  add: route({
    method: 'POST',
    path: '/publications/add',
    tags,
    auth: true,
    consumes: multipartConsumes,
    responses: { 201: PublicationAnswer },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'QUOTA_EXHAUSTED', 'SUBSCRIPTION_INACTIVE', 'SUBSCRIPTION_REQUIRED'],
  }),
  update: route({
    method: 'PUT',
    path: '/publications/update/:id',
    tags,
    auth: true,
    consumes: multipartConsumes,
    params: IdParams,
    responses: { 200: PublicationAnswer },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  remove: route({
    method: 'DELETE',
    path: '/publications/delete/:id',
    tags,
    auth: true,
    params: IdParams,
    responses: { 200: MessageAnswer },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  one: route({
    method: 'GET',
    path: '/publications/one/:id',
    tags,
    auth: false,
    params: IdParams,
    responses: { 200: Publication },
    errors: ['NOT_FOUND'],
  }),
  /** SPEC §7: 205 (no body) means "none" to the earlier client. */
  mine: route({
    method: 'GET',
    path: '/publications/my-publications',
    tags,
    auth: true,
    responses: { 200: z.array(Publication), 205: z.undefined() },
    errors: [],
  }),
  /** The SPEC's plain list, or a page as soon as `page` or `limit` is sent. */
  all: route({
    method: 'GET',
    path: '/publications/all',
    tags,
    auth: false,
    query: PublicationListQuery,
    responses: { 200: z.union([z.array(Publication), PublicationPage]) },
    errors: [],
  }),
  /**
   * A stored photo (WebP bytes, not JSON; the web links `imagePath`/`thumbPath`, it never calls this). The API
   * registers it without a response schema; `z.string()` only says the body is not JSON.
   */
  image: route({
    method: 'GET',
    path: '/publications/images/:name',
    tags,
    auth: false,
    hide: true,
    params: PublicationImageParams,
    responses: { 200: z.string() },
    errors: ['NOT_FOUND'],
  }),
};
