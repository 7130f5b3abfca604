import { randomInt } from 'node:crypto';
import type {
  AccessLogEntry,
  Grant,
  GrantInput,
  MemberInput,
  Organisation,
  OrganisationDetail,
  OrganisationInput,
  OrganisationMember,
  OrganisationParcel,
} from '@filaha/shared/contracts';
import type { AuthedCtx } from '../../context.ts';
import { conflict, ForbiddenError, NotFoundError, unknownReference } from '../../core/errors.ts';
import { text } from '../../i18n/texts.ts';
import { hasSqlState, SQL_STATE } from '../../lib/sql-state.ts';
import type {
  GrantRow,
  GrantedParcelRow,
  MemberRow,
  OrganisationRow,
  OrganisationsRepository,
  ReadRow,
} from './organisations.repository.ts';

const iso = (value: string | Date): string => new Date(value).toISOString();

/** No 0/O or 1/I: a code read aloud over the phone or copied from paper. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ACCESS_CODE_LENGTH = 8;
const newAccessCode = () =>
  Array.from({ length: ACCESS_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

const toOrganisation = (r: OrganisationRow): Organisation => ({
  id: r.id,
  name: r.name,
  type: r.type,
  accessCode: r.access_code,
  myRole: r.my_role,
  members: Number(r.members),
  parcels: Number(r.parcels),
  ownParcels: Number(r.own_parcels),
  createdAt: iso(r.created_at),
});

const toMember = (r: MemberRow): OrganisationMember => ({
  userId: r.user_id,
  userName: r.user_name,
  email: r.email,
  role: r.role,
  addedAt: iso(r.added_at),
});

const toGrant = (r: GrantRow): Grant => ({
  id: r.id,
  organisation: { id: r.organisation_id, name: r.organisation_name, type: r.organisation_type },
  parcel: r.parcel_id === null ? null : { id: r.parcel_id, name: r.parcel_name ?? '' },
  grantedAt: iso(r.granted_at),
});

const toParcel = (r: GrantedParcelRow): OrganisationParcel => ({
  id: r.id,
  name: r.name,
  areaHa: Math.round(Number(r.area_m2) / 100) / 100,
  crop: r.crop,
  farmer: r.farmer_id === null ? null : { id: r.farmer_id, userName: r.farmer_name ?? '' },
  farmerContact: r.farmer_contact,
  grantedAt: iso(r.granted_at),
});

const toRead = (r: ReadRow): AccessLogEntry => ({
  organisation: { id: r.organisation_id, name: r.organisation_name, type: r.organisation_type },
  member: r.member_id === null ? null : { id: r.member_id, userName: r.member_name ?? '' },
  apiKey: r.api_key_name === null ? null : { name: r.api_key_name },
  parcel: r.parcel_id === null ? null : { id: r.parcel_id, name: r.parcel_name ?? '' },
  what: r.what,
  at: iso(r.at),
});

/**
 * Organisations and the farmers' consent (issue 30 §1). An organisation is seen only by its members and the
 * platform admins (anyone else: 404, as if it did not exist); its members are managed by its own admins and the
 * platform admins; its members read the parcels granted to it now, and every read is recorded for the farmer.
 */
export function createOrganisationsService(repo: OrganisationsRepository) {
  const isPlatformAdmin = (ctx: AuthedCtx) => ctx.actor.role === 'Admin';

  /** The organisation as the caller may see it, or 404. */
  async function visible(ctx: AuthedCtx, id: number): Promise<OrganisationRow> {
    const row = await repo.get(ctx.actor.id, id);
    if (!row || (row.my_role === null && !isPlatformAdmin(ctx))) throw new NotFoundError();
    return row;
  }

  /** Managing members: the organisation's admins and the platform admins (other members: 403). */
  async function managed(ctx: AuthedCtx, id: number): Promise<OrganisationRow> {
    const row = await visible(ctx, id);
    if (row.my_role !== 'admin' && !isPlatformAdmin(ctx)) throw new ForbiddenError();
    return row;
  }

  /** Reading granted parcels: the organisation's members, whatever their role (a platform admin who is not: 404). */
  async function member(ctx: AuthedCtx, id: number): Promise<OrganisationRow> {
    const row = await repo.get(ctx.actor.id, id);
    if (!row || row.my_role === null) throw new NotFoundError();
    return row;
  }

  return {
    async create(ctx: AuthedCtx, input: OrganisationInput): Promise<Organisation> {
      for (let attempt = 1; ; attempt++) {
        try {
          const id = await repo.create({ ...input, accessCode: newAccessCode(), createdBy: ctx.actor.id });
          return toOrganisation((await repo.get(ctx.actor.id, id))!);
        } catch (error) {
          if (!hasSqlState(error, SQL_STATE.uniqueViolation)) throw error;
          const message = String((error as { message?: unknown }).message ?? '') + JSON.stringify(error);
          // Two organisations of one name; or (once in a blue moon) a drawn code already given: draw again.
          if (!message.includes('access_code') || attempt >= 5) throw conflict('duplicate', 'name');
        }
      }
    },

    async list(ctx: AuthedCtx): Promise<Organisation[]> {
      return (await repo.list(ctx.actor.id, isPlatformAdmin(ctx))).map(toOrganisation);
    },

    async get(ctx: AuthedCtx, id: number): Promise<OrganisationDetail> {
      const row = await visible(ctx, id);
      return { ...toOrganisation(row), memberList: (await repo.members(id)).map(toMember) };
    },

    async addMember(ctx: AuthedCtx, id: number, input: MemberInput): Promise<OrganisationMember> {
      await managed(ctx, id);
      const userId = await repo.userIdByEmail(input.email);
      if (userId === undefined) throw unknownReference('email');
      if (!(await repo.addMember(id, userId, input.role))) throw conflict('duplicate', 'email');
      return toMember((await repo.members(id)).find((m) => m.user_id === userId)!);
    },

    async removeMember(ctx: AuthedCtx, id: number, userId: number): Promise<{ message: string }> {
      await managed(ctx, id);
      const outcome = await repo.removeMember(id, userId);
      if (outcome === 'not_member') throw new NotFoundError();
      if (outcome === 'last_admin') throw conflict('last_admin', 'userId');
      return { message: text('memberRemoved', ctx.lang) };
    },

    async parcels(ctx: AuthedCtx, id: number): Promise<OrganisationParcel[]> {
      await member(ctx, id);
      return (await repo.readParcels(id, ctx.actor.id)).map(toParcel);
    },

    async parcel(ctx: AuthedCtx, id: number, parcelId: number) {
      await member(ctx, id);
      const [row] = await repo.readParcels(id, ctx.actor.id, parcelId);
      if (!row) throw new NotFoundError();
      return {
        ...toParcel(row),
        geometry: JSON.parse(row.geometry ?? 'null') as { type: 'Polygon'; coordinates: number[][][] },
      };
    },

    async grant(ctx: AuthedCtx, input: GrantInput): Promise<Grant[]> {
      const organisationId = await repo.organisationByCode(input.accessCode);
      if (organisationId === undefined) throw unknownReference('accessCode');
      if (input.parcelIds !== null) {
        const wanted = new Set(input.parcelIds).size;
        if ((await repo.ownedCount(ctx.actor.id, input.parcelIds)) !== wanted) throw unknownReference('parcelIds');
      }
      await repo.grant(organisationId, ctx.actor.id, input.parcelIds);
      return (await repo.grants(ctx.actor.id)).filter((g) => g.organisation_id === organisationId).map(toGrant);
    },

    async grants(ctx: AuthedCtx): Promise<Grant[]> {
      return (await repo.grants(ctx.actor.id)).map(toGrant);
    },

    async revoke(ctx: AuthedCtx, grantId: number): Promise<{ message: string }> {
      if (!(await repo.revoke(ctx.actor.id, grantId))) throw new NotFoundError();
      return { message: text('grantRevoked', ctx.lang) };
    },

    async accessLog(ctx: AuthedCtx): Promise<AccessLogEntry[]> {
      return (await repo.reads(ctx.actor.id)).map(toRead);
    },
  };
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;
