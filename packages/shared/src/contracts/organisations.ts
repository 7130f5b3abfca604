import { z } from 'zod';
import { ID_MAX } from '../limits.ts';
import {
  ORGANISATION_ROLES,
  ORGANISATION_TYPES,
  type OrganisationRole,
  type OrganisationType,
} from '../organisations.ts';
import { route } from './contract.ts';
import { MessageAnswer } from './common.ts';

/** An id in a path or a body: a positive 32-bit integer, like the columns it is looked up in. */
export const RouteId = z.coerce
  .number('validation.invalid')
  .int('validation.invalid')
  .positive('validation.invalid')
  .max(ID_MAX, 'validation.invalid');
const id = RouteId;
const IdParams = z.object({ id });

/**
 * Issue 30 §1: organisations (cooperatives, wilaya agricultural directorates, chambers, insurers, banks, extension
 * services) that follow farmers' parcels with their consent. A platform admin creates one; its admins add members;
 * a farmer grants it some or all of their parcels with the code it gives them, sees who has access and every read
 * an organisation member made of their data, and revokes a grant at any time (access gone at once).
 */
export { ORGANISATION_ROLES, ORGANISATION_TYPES, type OrganisationRole, type OrganisationType };

/** What an organisation member's read was: its list of granted parcels, or one parcel. */
export const ORGANISATION_READS = ['parcels', 'parcel'] as const;

const name = z.string().trim().min(2).max(120);

export const OrganisationInput = z.object({ name, type: z.enum(ORGANISATION_TYPES) });
export type OrganisationInput = z.infer<typeof OrganisationInput>;

export const Organisation = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(ORGANISATION_TYPES),
  /** The code the organisation gives farmers to grant it access (members and platform admins only). */
  accessCode: z.string(),
  /** The caller's role in it; null for a platform admin who is not a member. */
  myRole: z.enum(ORGANISATION_ROLES).nullable(),
  members: z.number().int(),
  /** Parcels granted to it now (a grant of "all my parcels" counts each of them). */
  parcels: z.number().int(),
  /** Parcels the organisation holds itself (its imports). */
  ownParcels: z.number().int(),
  createdAt: z.string(),
});
export type Organisation = z.infer<typeof Organisation>;

export const OrganisationMember = z.object({
  userId: z.number().int(),
  userName: z.string(),
  email: z.string(),
  role: z.enum(ORGANISATION_ROLES),
  addedAt: z.string(),
});
export type OrganisationMember = z.infer<typeof OrganisationMember>;

export const OrganisationDetail = Organisation.extend({ memberList: z.array(OrganisationMember) });
export type OrganisationDetail = z.infer<typeof OrganisationDetail>;

export const MemberInput = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  role: z.enum(ORGANISATION_ROLES),
});
export type MemberInput = z.infer<typeof MemberInput>;

export const MemberParams = z.object({ id, userId: id });

export const GrantInput = z.object({
  accessCode: z.string().trim().toUpperCase().min(4).max(32),
  /** The parcels granted; null grants all the farmer's parcels, those added later included. */
  parcelIds: z.array(z.number().int().positive().max(ID_MAX)).min(1).max(500).nullable(),
});
export type GrantInput = z.infer<typeof GrantInput>;

const OrganisationRef = z.object({ id: z.number().int(), name: z.string(), type: z.enum(ORGANISATION_TYPES) });
const ParcelRef = z.object({ id: z.number().int(), name: z.string() });

export const Grant = z.object({
  id: z.number().int(),
  organisation: OrganisationRef,
  /** null: all the farmer's parcels. */
  parcel: ParcelRef.nullable(),
  grantedAt: z.string(),
});
export type Grant = z.infer<typeof Grant>;

export const OrganisationParcel = z.object({
  id: z.number().int(),
  name: z.string(),
  areaHa: z.number(),
  crop: z.string().nullable(),
  /** The farmer who granted it; null for the organisation's own parcel (imported or registered by it). */
  farmer: z.object({ id: z.number().int(), userName: z.string() }).nullable(),
  /** For its own parcel: the farmer's phone or e-mail its import gave, if any. */
  farmerContact: z.string().nullable(),
  /** When it was granted (for its own parcel: when it was registered). */
  grantedAt: z.string(),
});
export type OrganisationParcel = z.infer<typeof OrganisationParcel>;

export const OrganisationParcelDetail = OrganisationParcel.extend({
  geometry: z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.array(z.number()))) }),
});

export const OrganisationParcelParams = z.object({ id, parcelId: id });

export const AccessLogEntry = z.object({
  organisation: OrganisationRef,
  /** The member who read; null once their account is gone. */
  member: z.object({ id: z.number().int(), userName: z.string() }).nullable(),
  /** The organisation's API key that read (issue 30 §4); null for a member's read. */
  apiKey: z.object({ name: z.string() }).nullable(),
  /** The parcel read; null for a read of the list of granted parcels. */
  parcel: ParcelRef.nullable(),
  what: z.enum(ORGANISATION_READS),
  at: z.string(),
});
export type AccessLogEntry = z.infer<typeof AccessLogEntry>;

const orgRoute = { tags: ['organisations'], auth: true } as const;

export const organisationsContract = {
  create: route({
    ...orgRoute,
    method: 'POST',
    path: '/organisations',
    description: 'Creates an organisation (platform admins).',
    body: OrganisationInput,
    responses: { 201: Organisation },
    errors: ['FORBIDDEN', 'CONFLICT'],
  }),
  list: route({
    ...orgRoute,
    method: 'GET',
    path: '/organisations',
    description: "The caller's organisations (all of them for a platform admin).",
    responses: { 200: z.array(Organisation) },
    errors: [],
  }),
  get: route({
    ...orgRoute,
    method: 'GET',
    path: '/organisations/:id',
    description: 'An organisation and its members (its members and platform admins; others get 404).',
    params: IdParams,
    responses: { 200: OrganisationDetail },
    errors: ['NOT_FOUND'],
  }),
  addMember: route({
    ...orgRoute,
    method: 'POST',
    path: '/organisations/:id/members',
    description: "Adds an account to the organisation by its e-mail (the organisation's admins, platform admins).",
    params: IdParams,
    body: MemberInput,
    responses: { 201: OrganisationMember },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  removeMember: route({
    ...orgRoute,
    method: 'DELETE',
    path: '/organisations/:id/members/:userId',
    description: "Removes a member (the organisation's admins, platform admins); its last admin stays.",
    params: MemberParams,
    responses: { 200: MessageAnswer },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  parcels: route({
    ...orgRoute,
    method: 'GET',
    path: '/organisations/:id/parcels',
    description: 'The parcels granted to the organisation now (its members); each read is recorded for the farmers.',
    params: IdParams,
    responses: { 200: z.array(OrganisationParcel) },
    // A read of farmers' data is recorded, or the territory table refreshed: a write that a full disk refuses.
    errors: ['NOT_FOUND', 'STORAGE_FULL'],
  }),
  parcel: route({
    ...orgRoute,
    method: 'GET',
    path: '/organisations/:id/parcels/:parcelId',
    description: 'One granted parcel with its outline (its members); the read is recorded for the farmer.',
    params: OrganisationParcelParams,
    responses: { 200: OrganisationParcelDetail },
    // A read of farmers' data is recorded, or the territory table refreshed: a write that a full disk refuses.
    errors: ['NOT_FOUND', 'STORAGE_FULL'],
  }),
  grant: route({
    ...orgRoute,
    method: 'POST',
    path: '/grants',
    description: 'A farmer grants an organisation (named by its access code) some or all of their parcels.',
    body: GrantInput,
    responses: { 201: z.array(Grant) },
    errors: ['FORBIDDEN'],
  }),
  grants: route({
    ...orgRoute,
    method: 'GET',
    path: '/grants',
    description: "Who has access to the farmer's parcels now.",
    responses: { 200: z.array(Grant) },
    errors: ['FORBIDDEN'],
  }),
  revoke: route({
    ...orgRoute,
    method: 'DELETE',
    path: '/grants/:id',
    description: 'Revokes a grant: the organisation loses that access at once.',
    params: IdParams,
    responses: { 200: MessageAnswer },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  accessLog: route({
    ...orgRoute,
    method: 'GET',
    path: '/access-log',
    description: "Every read of the farmer's parcels by an organisation member, newest first (at most 500).",
    responses: { 200: z.array(AccessLogEntry) },
    errors: ['FORBIDDEN'],
  }),
};
