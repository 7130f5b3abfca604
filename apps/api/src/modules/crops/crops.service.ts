import type { ApiIssue } from '@filaha/shared';
import { seasonOf, type ParcelSeason, type ParcelSeasonInput } from '@filaha/shared/contracts';
import type { AuthedCtx } from '../../context.ts';
import { requireAccess } from '../../core/access.ts';
import { NotFoundError, ValidationError } from '../../core/errors.ts';
import type { CropsRepository, SeasonRow } from './crops.repository.ts';

const toSeason = (r: SeasonRow): ParcelSeason => ({
  parcelId: r.parcel_id,
  season: r.season,
  crop: r.crop,
  sowingDate: r.sowing_date,
  irrigated: r.irrigated,
  irrigationSystem: r.irrigation_system,
  flowRateM3h: r.flow_rate_m3h === null ? null : Number(r.flow_rate_m3h),
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** What the fields cannot be together: a sowing date outside the season, an irrigated parcel without its system. */
function problems(season: number, input: ParcelSeasonInput): ApiIssue[] {
  const issues: ApiIssue[] = [];
  if (input.sowingDate !== null && seasonOf(input.sowingDate) !== season)
    issues.push({ path: 'sowingDate', code: 'outside_season', message: 'validation.sowingOutsideSeason' });
  if (input.irrigated && input.irrigationSystem === null)
    issues.push({ path: 'irrigationSystem', code: 'required', message: 'validation.required' });
  if (!input.irrigated && (input.irrigationSystem !== null || input.flowRateM3h !== null))
    issues.push({ path: 'irrigationSystem', code: 'rainfed', message: 'validation.rainfedNoSystem' });
  return issues;
}

/** A parcel's crop per season (issue 30 §2): read by its owner and staff, written by its owner. */
export function createCropsService(repo: CropsRepository) {
  async function parcel(ctx: AuthedCtx, parcelId: number, write: boolean) {
    const found = await repo.parcelOwner(parcelId);
    if (!found) throw new NotFoundError();
    requireAccess(ctx, 'parcelCrops', write ? 'write' : 'read', { ownerId: found.userId, hide: true });
  }

  return {
    async seasons(ctx: AuthedCtx, parcelId: number): Promise<ParcelSeason[]> {
      await parcel(ctx, parcelId, false);
      return (await repo.seasons(parcelId)).map(toSeason);
    },

    async save(ctx: AuthedCtx, parcelId: number, season: number, input: ParcelSeasonInput): Promise<ParcelSeason> {
      await parcel(ctx, parcelId, true);
      const issues = problems(season, input);
      if (issues.length > 0) throw new ValidationError(issues);
      return toSeason(await repo.save(parcelId, season, input));
    },
  };
}

export type CropsService = ReturnType<typeof createCropsService>;
