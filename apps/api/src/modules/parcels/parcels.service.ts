import { ALGERIA_BBOX, PARCEL_AREA_HA, PARCEL_MESSAGES, type ParcelInput } from '@filaha/shared';
import type { AuthedCtx } from '../../context.ts';
import { AppError, NotFoundError, unknownReference, ValidationError } from '../../core/errors.ts';
import { hasRoleAccess, requireAccess } from '../../core/access.ts';
import { FARMER_ROLE } from '../../core/roles.ts';
import { text } from '../../i18n/texts.ts';
import { toParcel } from './parcels.presenter.ts';
import type { GeometryCheck, ParcelsRepository } from './parcels.repository.ts';
import type { Parcel } from '@filaha/shared/contracts';

const M2_PER_HA = 10_000;

function invalidGeometry(code: string, message: string): AppError {
  return new AppError('INVALID_GEOMETRY', { issues: [{ path: 'geom', code, message }] });
}

/** The spatial rules, in the order a user can fix them: a valid shape first, then where it is, then its size. */
export function geometryProblem(check: GeometryCheck | undefined): AppError | undefined {
  if (!check) return invalidGeometry('invalid', PARCEL_MESSAGES.invalidGeometry);
  if (!check.valid) {
    // The PostGIS reason ('Self-intersection[lon lat]', 'Too few points…') is the message: it says where.
    const code = /^self-intersection/i.test(check.reason) ? 'self_intersection' : 'invalid';
    return invalidGeometry(code, check.reason);
  }
  const b = ALGERIA_BBOX;
  if (check.minLon < b.minLon || check.maxLon > b.maxLon || check.minLat < b.minLat || check.maxLat > b.maxLat) {
    return invalidGeometry('outside_algeria', PARCEL_MESSAGES.outsideAlgeria);
  }
  const areaHa = check.areaM2 / M2_PER_HA;
  if (areaHa < PARCEL_AREA_HA.min) return invalidGeometry('area_too_small', PARCEL_MESSAGES.areaTooSmall);
  if (areaHa > PARCEL_AREA_HA.max) return invalidGeometry('area_too_large', PARCEL_MESSAGES.areaTooLarge);
  return undefined;
}

const isFarmer = (ctx: AuthedCtx) => ctx.actor.role === FARMER_ROLE;

/** Parcels: a farmer sees and manages only their own; Admin and Manager read all; Admin creates for anyone. */
export function createParcelsService(repo: ParcelsRepository) {
  /** The parcel if the caller may see it; someone else's answers 404 (its existence is not told). */
  async function visible(ctx: AuthedCtx, id: number) {
    const parcel = await repo.findById(id);
    if (!parcel) throw new NotFoundError();
    requireAccess(ctx, 'parcel', 'read', { ownerId: parcel.userId, hide: true });
    return parcel;
  }

  /** Whose parcel this is: the farmer themself, or the farmer an admin names. */
  async function ownerFor(ctx: AuthedCtx, requested: number | undefined): Promise<number> {
    if (isFarmer(ctx)) {
      requireAccess(ctx, 'parcel', 'write', { ownerId: requested ?? ctx.actor.id });
      return ctx.actor.id;
    }
    if (requested === undefined) throw ValidationError.field('userId', PARCEL_MESSAGES.requiredFields);
    const role = await repo.roleOf(requested);
    if (role === undefined) throw unknownReference('userId');
    if (role !== FARMER_ROLE) throw ValidationError.field('userId', 'validation.parcelOwnerNotFarmer');
    return requested;
  }

  return {
    async list({ ctx, userId }: { ctx: AuthedCtx; userId?: number }): Promise<Parcel[]> {
      if (!hasRoleAccess(ctx, 'parcel', 'read')) {
        requireAccess(ctx, 'parcel', 'read', { ownerId: userId ?? ctx.actor.id });
        return (await repo.list(ctx.actor.id)).map(toParcel);
      }
      return (await repo.list(userId)).map(toParcel);
    },

    async get({ ctx, id }: { ctx: AuthedCtx; id: number }): Promise<Parcel> {
      return toParcel(await visible(ctx, id));
    },

    async create({ ctx, input }: { ctx: AuthedCtx; input: ParcelInput }) {
      const userId = await ownerFor(ctx, input.userId);
      const problem = geometryProblem(await repo.checkGeometry(input.geom));
      if (problem) throw problem;
      const created = await repo.create({
        name: input.identifiantU,
        userId,
        geom: input.geom,
        crop: input.culture ?? null,
      });
      // Both only happen in a race (the user deleted meanwhile) or if PostGIS disagrees with itself.
      if (created === 'no_user') throw unknownReference('userId');
      if (created === 'invalid') throw invalidGeometry('invalid', PARCEL_MESSAGES.invalidGeometry);
      return { message: text('parcelCreated', ctx.lang), parcelle: toParcel(created) };
    },

    async remove({ ctx, id }: { ctx: AuthedCtx; id: number }): Promise<{ message: string }> {
      const parcel = await repo.findById(id);
      if (!parcel) throw new NotFoundError();
      requireAccess(ctx, 'parcel', 'delete', { ownerId: parcel.userId, hide: true });
      if (!(await repo.remove(id))) throw new NotFoundError();
      return { message: text('parcelDeleted', ctx.lang) };
    },
  };
}

export type ParcelsService = ReturnType<typeof createParcelsService>;
